import { Outlet } from 'react-router';
import { RedirectIfToken } from '../guards';

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
