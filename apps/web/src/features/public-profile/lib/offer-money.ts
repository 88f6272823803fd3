import { formatPln, parsePlnToGrosze } from '@substytut/shared/money';
import type { Language } from '@/config/paths';

/** The API sends decimal PLN text ('123.00'); shown in the visitor's format ('123,00 zł'). */
export function formatDecimalPln(decimal: string, language: Language): string {
  return formatPln(parsePlnToGrosze(decimal) ?? 0, language);
}
