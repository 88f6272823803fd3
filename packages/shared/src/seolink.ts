/** Public profile addresses: /u/{seolink}, built from the lawyer's first and last name. */

const POLISH_LETTERS: Record<string, string> = {
  ą: 'a',
  ć: 'c',
  ę: 'e',
  ł: 'l',
  ń: 'n',
  ó: 'o',
  ś: 's',
  ź: 'z',
  ż: 'z',
};

/** Used when a name has no letters or digits at all. */
export const SEOLINK_FALLBACK = 'profil';

export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      // ł has no Unicode decomposition, so Polish letters are mapped explicitly…
      .replace(/[ąćęłńóśźż]/g, (ch) => POLISH_LETTERS[ch] ?? ch)
      // …and other accented Latin letters lose their marks.
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
  );
}

/** 'Łukasz', 'Żółć' -> 'lukasz-zolc'. May be '' for a name without letters or digits. */
export function seolinkFromName(firstname: string, lastname: string): string {
  return slugify(`${firstname} ${lastname}`);
}

/** base, then base-2, base-3, … whichever is first not taken. */
export function nextFreeSeolink(base: string, taken: ReadonlySet<string>): string {
  const root = base === '' ? SEOLINK_FALLBACK : base;
  if (!taken.has(root)) return root;
  for (let n = 2; ; n++) {
    const candidate = `${root}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
