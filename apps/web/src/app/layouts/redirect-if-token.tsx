import { Outlet } from 'react-router';
import { RedirectIfToken } from '../guards';
import type { ModulePreloadHandle } from '../page-scripts';

/**
 * The login and register tabs are rendered by the server (their head tags are in the HTML); a
 * visitor with a stored token is sent on once the app runs (the token lives in localStorage).
 */
export default function RedirectIfTokenLayout() {
  return (
    <RedirectIfToken>
      <Outlet />
    </RedirectIfToken>
  );
}

/** The app is what this page is for: its modules are preloaded (app/page-scripts.tsx). */
export const handle: ModulePreloadHandle = { modulePreload: true };
