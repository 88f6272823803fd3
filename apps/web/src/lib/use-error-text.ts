import { validationMessage } from '@substytut/shared';
import { useCallback } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage } from '@/config/paths';

/**
 * Field errors are keys of the shared validation catalogue (also the server's `errors` map): this
 * turns a react-hook-form error, or such a key itself, into text in the page's language.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation('validation');
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return useCallback(
    (error: Pick<FieldError, 'message'> | string | undefined): string | undefined => {
      const key = typeof error === 'string' ? error : error?.message;
      return key ? t(key, { defaultValue: validationMessage(key, language) }) : undefined;
    },
    [t, language],
  );
}

// Kept here for existing callers; public pages import it from use-language.ts, without zod.
export { useLanguage } from './use-language';
