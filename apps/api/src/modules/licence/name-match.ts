/*
 * Whether the name on a register entry is the profile's. Real entry numbers circulate in phishing,
 * so the number alone proves nothing: the surname must be the same and the first name one of the
 * entry's first names. Case, accents and spacing around hyphens do not count.
 */

function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase()
    .replace(/\s*-\s*/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

export type NameMatch = 'match' | 'near' | 'different';

/**
 * 'match': same surname, and the profile's first name is one of the entry's first names.
 * 'near': the surname shares a part (a double-barrelled surname with one half, a changed surname
 * half) or the surname matches but the first name does not: a person decides.
 * 'different': otherwise.
 */
export function compareNames(
  profile: { firstname: string; lastname: string },
  entry: { firstnames: string; lastname: string },
): NameMatch {
  const surname = fold(profile.lastname);
  const entrySurname = fold(entry.lastname);
  const firstnames = fold(entry.firstnames).split(' ');
  const firstname = fold(profile.firstname).split(' ')[0] ?? '';
  const firstMatches = firstnames.includes(firstname);
  if (surname === entrySurname && firstMatches) return 'match';
  const halves = (s: string) => s.split('-').filter((p) => p !== '');
  const shared = halves(surname).some((part) => halves(entrySurname).includes(part));
  if (surname === entrySurname || (shared && firstMatches)) return 'near';
  return 'different';
}
