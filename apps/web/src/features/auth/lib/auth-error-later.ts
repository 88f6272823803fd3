import type { authErrorText } from './auth-error';

/**
 * `authErrorText`, loaded with the first failure: the sign-in page's first load carries neither it
 * nor the catalogue's lookups (decision 062); the forms' rules have loaded the catalogue by then.
 * Should the module itself not load, the form's own fallback text is shown.
 */
export function authErrorTextLater(...args: Parameters<typeof authErrorText>): Promise<string> {
  const [, t, fallback] = args;
  return import('./auth-error').then(
    (module) => module.authErrorText(...args),
    () => t(fallback),
  );
}
