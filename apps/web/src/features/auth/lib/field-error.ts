import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** Shared schemas return i18n keys of the validation catalogue; this turns one into text. */
export function useFieldErrorText() {
  const { t } = useTranslation('validation');
  return (error: FieldError | undefined): string | undefined =>
    error?.message ? t(error.message, { defaultValue: error.message }) : undefined;
}
