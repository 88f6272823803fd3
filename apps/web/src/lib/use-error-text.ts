import { messageText } from '@substytut/shared/messages/index';
import { useCallback } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage } from '@/config/paths';

/**
 * Field errors are keys of the shared error catalogue (also the server's `errors` map), the
 * `errors` namespace: this turns a react-hook-form error, or such a key itself, into text in the
 * page's language.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation('errors');
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return useCallback(
    (error: Pick<FieldError, 'message'> | string | undefined): string | undefined => {
      const key = typeof error === 'string' ? error : error?.message;
      return key ? t(key, { defaultValue: messageText(key, language) }) : undefined;
    },
    [t, language],
  );
}

// Kept here for existing callers; public pages import it from use-language.ts, without zod.
export { useLanguage } from './use-language';
