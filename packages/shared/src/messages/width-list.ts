import type { Locale } from '../locale.ts';

/** '192, 384 i 768' / '192, 384, and 768'. */
export function widthList(items: readonly number[], locale: Locale): string {
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items.map(String));
}
