import { useCallback } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/**
 * Field errors are keys of the shared error catalogue (also the server's `errors` map), the
 * `errors` namespace: this turns a react-hook-form error, or such a key itself, into text in the
 * page's language. The namespace is one every page loads before it renders (LAYOUT_NAMESPACES).
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
