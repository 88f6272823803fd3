/**
 * Polish bank account numbers: 26 digits (NRB), optionally prefixed with 'PL' to form the IBAN,
 * often written in groups with spaces. Validity is the ISO 13616 mod-97 check.
 */

/** 'PL' followed by the 26 digits; input that is not 26 digits comes back compacted but unchanged. */
export function normalizePolishIban(input: string): string {
  const compact = input.replace(/\s/g, '').toUpperCase();
  const digits = compact.startsWith('PL') ? compact.slice(2) : compact;
  return `PL${digits}`;
}

export function isValidPolishIban(input: string): boolean {
  const iban = normalizePolishIban(input);
  if (!/^PL\d{26}$/.test(iban)) return false;
  // Move the country code and check digits to the end; letters become numbers (P=25, L=21).
  const rearranged = `${iban.slice(4)}2521${iban.slice(2, 4)}`;
  let remainder = 0;
  for (const ch of rearranged) remainder = (remainder * 10 + Number(ch)) % 97;
  return remainder === 1;
}

export function formatPolishIban(input: string): string {
  return (normalizePolishIban(input).match(/.{1,4}/g) ?? []).join(' ');
}
