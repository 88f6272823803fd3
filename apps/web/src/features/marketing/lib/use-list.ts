import { useTranslation } from 'react-i18next';

/**
 * A list kept as a JSON array in a marketing page's namespace (FAQ items, feature lists). The keys
 * inside are listed in locales/dynamic-keys.json because they are never named one by one.
 */
export function useList<T>(namespace: string, key: string): T[] {
  const { t } = useTranslation(namespace);
  const value: unknown = t(key, { returnObjects: true });
  return Array.isArray(value) ? (value as T[]) : [];
}

export interface QuestionAnswer {
  question: string;
  answer: string;
}
