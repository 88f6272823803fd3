import { Outlet } from 'react-router';
import { Loading } from '@/components/ui/spinner';
import { RequireAdmin } from '../guards';
import type { ModulePreloadHandle } from '../page-scripts';

/** /admin: rendered in the browser only, like the dashboard (layouts/require-token.tsx). */
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <Loading className="flex-1" />;
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
