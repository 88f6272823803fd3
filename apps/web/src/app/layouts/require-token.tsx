import { Outlet } from 'react-router';
import { Loading } from '@/components/ui/spinner';
import { RequireToken } from '../guards';
import type { ModulePreloadHandle } from '../page-scripts';

/**
 * /dashboard/*: rendered in the browser only (the token lives in localStorage). The server sends
 * the layout with this fallback; the guard runs once the app does.
 */
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <Loading className="flex-1" />;
}

export default function RequireTokenLayout() {
  return (
    <RequireToken>
      <Outlet />
    </RequireToken>
  );
}

/** The app is what this page is for: its modules are preloaded (app/page-scripts.tsx). */
export const handle: ModulePreloadHandle = { modulePreload: true };
