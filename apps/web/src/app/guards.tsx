import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getPathLanguage, paths, withLanguage } from '@/config/paths';
import { useSession } from '@/lib/session';

function useLocalized(href: string): string {
  const { pathname } = useLocation();
  return withLanguage(href, getPathLanguage(pathname));
}

/** /dashboard/*: without a stored token go to /auth/login, replacing the entry. */
export function RequireToken({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const target = useLocalized(paths.auth.login.getHref());
  return token ? children : <Navigate to={target} replace />;
}

/**
 * /admin: no token or a stored role other than admin goes to /. The admin page itself confirms
 * the role with GET /api/me, since the stored user can be stale.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { token, user } = useSession();
  const target = useLocalized(paths.home.getHref());
  return token && user?.role === 'admin' ? children : <Navigate to={target} replace />;
}

/** The login/register tabs send a visitor who already has a token to the dashboard. */
export function RedirectIfToken({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const target = useLocalized(paths.dashboard.root.getHref());
  return token ? <Navigate to={target} replace /> : children;
}
