import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { meQuery } from '@/features/auth/api/me';
import { useSession } from '@/lib/session';
import { useLocalized } from '../guards';
import type { ModulePreloadHandle } from '../page-scripts';

/** /admin: rendered in the browser only, like the dashboard (layouts/require-token.tsx). */
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <Loading className="flex-1" />;
}

/**
 * /admin: only a user whose role is admin, checked with GET /api/me (the stored user can be stale
 * or edited by hand). No token, another role or a failed check all go silently to / (spec 6, 8).
 */
function RequireAdmin({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const me = useQuery(meQuery(token));
  const target = useLocalized(paths.home.getHref());
  if (!token) return <Navigate to={target} replace />;
  if (me.isPending) return <Loading className="flex-1" />;
  return me.data?.role === 'admin' ? children : <Navigate to={target} replace />;
}

export default function RequireAdminLayout() {
  return (
    <RequireAdmin>
      <Outlet />
    </RequireAdmin>
  );
}

/** The app is what this page is for: its modules are preloaded (app/page-scripts.tsx). */
export const handle: ModulePreloadHandle = { modulePreload: true };
