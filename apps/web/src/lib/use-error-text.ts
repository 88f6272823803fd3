import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

type ErrorText = (error: Pick<FieldError, 'message'> | string | undefined) => string | undefined;

function useErrorTextOf(t: TFunction): ErrorText {
  return useCallback(
    (error) => {
      const key = typeof error === 'string' ? error : error?.message;
      return key ? t(key, { ns: 'errors' }) : undefined;
    },
    [t],
  );
}

/**
 * Field errors are keys of the shared error catalogue (also the server's `errors` map), the
 * `errors` namespace: this turns a react-hook-form error, or such a key itself, into text in the
 * page's language. A page with a form names the namespace in its route's `handle.i18n`, or loads
 * it with the form (the public profile's step 2); otherwise it loads when this is first used.
 */
export function useErrorText(): ErrorText {
  return useErrorTextOf(useTranslation('errors').t);
}

/**
 * The same for a form on the page's first load whose rules bring the catalogue with them
 * (`loadNamespaces(['errors'])` beside the rules' import, the sign-in forms): it reads the catalogue
 * without loading it at the first render, as `useTranslation('errors')` would, since no error
 * shows before the rules, and so the catalogue, have arrived (decision 062).
 */
export function useErrorTextWithRules(): ErrorText {
  return useErrorTextOf(useTranslation().t);
}

// Kept here for existing callers; public pages import it from use-language.ts, without zod.
export { useLanguage } from './use-language';
