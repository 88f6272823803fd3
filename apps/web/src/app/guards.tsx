import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getPathLanguage, paths, withLanguage } from '@/config/paths';
import { sessionExpired, useSession } from '@/lib/session';

/** `href` in the current page's language. */
export function useLocalized(href: string): string {
  const { pathname } = useLocation();
  return withLanguage(href, getPathLanguage(pathname));
}

/*
 * The guards that read only the stored session. The administrator's, which asks the server, is
 * layouts/require-admin.tsx's: these two reach no TanStack Query, so the sign-in page's first load
 * carries none (decision 062).
 */

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

/** The login/register tabs send a visitor who already has a token to the dashboard. */
export function RedirectIfToken({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const target = useLocalized(paths.dashboard.root.getHref());
  return token ? <Navigate to={target} replace /> : children;
}
