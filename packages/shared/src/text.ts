/**
 * Unicode format characters (category Cf): zero-width spaces and joiners, bidi embeddings,
 * overrides and isolates, the BOM, the soft hyphen. They are invisible, so a name made of them
 * looks empty, and a right-to-left override makes the text after it read backwards on every page
 * and invoice that shows it (decision 015).
 */
const FORMAT_CHARACTERS = /\p{Cf}/gu;

export function stripFormatCharacters(value: string): string {
  return value.replace(FORMAT_CHARACTERS, '');
}

/**
 * What every stored text becomes: format characters dropped, composed to NFC (so 'ą' typed as
 * 'a' + combining ogonek is the same 'ą' everywhere), trimmed.
 */
export function cleanText(value: string): string {
  return stripFormatCharacters(value).normalize('NFC').trim();
}

/** True when the text holds a letter of any script: a name needs one. */
export function hasLetter(value: string): boolean {
  return /\p{L}/u.test(value);
}
