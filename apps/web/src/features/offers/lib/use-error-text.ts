import { validationMessage } from '@substytut/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from './offer-view';

/** Field errors are keys of the shared validation catalogue (client schema and server alike). */
export function useErrorText() {
  const { t } = useTranslation('validation');
  const language = useLanguage();
  return useCallback(
    (message: string | undefined): string | undefined =>
      message ? t(message, { defaultValue: validationMessage(message, language) }) : undefined,
    [t, language],
  );
}
