import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';

/** What a mailed link's page says when its action fails: the text of the API's `my_data.*` code. */
export function linkErrorText(failure: unknown, t: TFunction): string {
  const code = isApiError(failure) ? failure.code.replace(/^my_data\./, '') : 'general';
  return t(`errors.${code}`, { defaultValue: t('errors.general') });
}
