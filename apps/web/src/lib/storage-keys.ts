/**
 * localStorage keys read before the app's code has loaded (components/hydration/hydrate-on-intent.ts):
 * this module imports nothing, so the page's first script stays small.
 */
export const TOKEN_KEY = 'auth_token';
export const USER_KEY = 'user';
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
