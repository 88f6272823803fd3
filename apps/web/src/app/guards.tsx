import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loading } from '@/components/ui/spinner';
import { getPathLanguage, paths, withLanguage } from '@/config/paths';
import { meQuery } from '@/features/auth/api/me';
import { sessionExpired, useSession } from '@/lib/session';

function useLocalized(href: string): string {
  const { pathname } = useLocation();
  return withLanguage(href, getPathLanguage(pathname));
}

/**
 * /dashboard/*: without a stored token go to /auth/login, replacing the entry; when a 401 has just
 * ended the session, to /auth like the rest of the app (spec 4). An administrator goes to /admin.
 */
export function RequireToken({ children }: { children: ReactNode }) {
  const { token, user } = useSession();
  const target = useLocalized((sessionExpired() ? paths.auth.root : paths.auth.login).getHref());
  const admin = useLocalized(paths.admin.getHref());
  if (!token) return <Navigate to={target} replace />;
  // An administrator has no lawyer profile (the API refuses one): after logging in, and whenever
  // it opens the dashboard, it lands on /admin, whose own guard asks the server for the role.
  if (user?.role === 'admin') return <Navigate to={admin} replace />;
  return children;
}

/**
 * /admin: only a user whose role is admin, checked with GET /api/me (the stored user can be stale
 * or edited by hand). No token, another role or a failed check all go silently to / (spec 6, 8).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const me = useQuery(meQuery(token));
  const target = useLocalized(paths.home.getHref());
  if (!token) return <Navigate to={target} replace />;
  if (me.isPending) return <Loading className="flex-1" />;
  return me.data?.role === 'admin' ? children : <Navigate to={target} replace />;
}

/** The login/register tabs send a visitor who already has a token to the dashboard. */
export function RedirectIfToken({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const target = useLocalized(paths.dashboard.root.getHref());
  return token ? <Navigate to={target} replace /> : children;
}
