import { formatPln } from '@substytut/shared/money';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/config/paths';

const LOCALES: Record<Language, string> = { pl: 'pl-PL', en: 'en-GB' };

export function toLanguage(value: string | undefined): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** '5 000+' in Polish, '5,000+' in English (Polish would otherwise leave 4-digit numbers ungrouped). */
export function formatCountPlus(value: number, language: Language): string {
  return `${new Intl.NumberFormat(LOCALES[language], { useGrouping: 'always' }).format(value)}+`;
}

/** Whole amounts without the grosze: '49 zł' / 'PLN 49'. */
export function formatPlanPrice(grosze: number, language: Language): string {
  if (grosze % 100 !== 0) return formatPln(grosze, language);
  return new Intl.NumberFormat(LOCALES[language], {
    style: 'currency',
    currency: 'PLN',
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(grosze / 100);
}
