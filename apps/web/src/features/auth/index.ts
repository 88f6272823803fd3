/** What other parts of the app may use from the accounts feature. */
export { useLogout } from './api/logout';
export { meQuery, useMe } from './api/me';
export { GoogleSignIn } from './components/google-sign-in';
