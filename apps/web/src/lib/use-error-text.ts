import { useCallback } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/**
 * Field errors are keys of the shared error catalogue (also the server's `errors` map), the
 * `errors` namespace: this turns a react-hook-form error, or such a key itself, into text in the
 * page's language. A page with a form names the namespace in its route's `handle.i18n`, or loads
 * it with the form (the public profile's step 2); otherwise it loads when this is first used.
 */
export function useErrorText() {
  const { t } = useTranslation('errors');
  return useCallback(
    (error: Pick<FieldError, 'message'> | string | undefined): string | undefined => {
      const key = typeof error === 'string' ? error : error?.message;
      return key ? t(key) : undefined;
    },
    [t],
  );
}

// Kept here for existing callers; public pages import it from use-language.ts, without zod.
export { useLanguage } from './use-language';
