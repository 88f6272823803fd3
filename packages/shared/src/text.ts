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

/**
 * "Text a person may type" (issue 30, decision 028). No keyboard produces these, and each breaks
 * something downstream: a lone UTF-16 surrogate cannot be written as UTF-8 (PostgreSQL's jsonb
 * refuses its `\udXXX` escape), a control character or a non-character makes the invoice XML
 * invalid against the FA(3) schema, a line break in a one-line field splits a calendar line or a
 * mail header.
 */
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// U+FDD0–U+FDEF and the last two code points of every plane (U+FFFE, U+FFFF, U+1FFFE, …).
const NON_CHARACTER = /\p{Noncharacter_Code_Point}/u;
// One line: no control character at all (C0, DEL, C1), nor the Unicode line and paragraph separators.
const ONE_LINE_FORBIDDEN = /[\p{Cc}\u2028\u2029]/u;
// Several lines: a tab, a line feed and a CR directly before a line feed are the only controls.
const MULTI_LINE_FORBIDDEN = /\r(?!\n)|(?![\t\n\r])\p{Cc}/u;

/** Whether `value` holds half of a surrogate pair without the other (not text, not UTF-8). */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

export interface PersonTextOptions {
  /** A textarea: tabs and line breaks (\n or \r\n) are allowed. */
  multiline?: boolean;
}

/** Whether `value` holds only characters a person may type into a form field of this kind. */
export function isPersonText(value: string, { multiline = false }: PersonTextOptions = {}): boolean {
  if (hasLoneSurrogate(value)) return false;
  if (NON_CHARACTER.test(value)) return false;
  return !(multiline ? MULTI_LINE_FORBIDDEN : ONE_LINE_FORBIDDEN).test(value);
}

// XML 1.0's Char production: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
const XML_CHARS = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;

/**
 * Whether `value` fits the character set of XML 1.0, which the FA(3) invoice schema's text types
 * inherit. Every text `isPersonText` accepts fits it; the invoice builder checks it again for data
 * stored before the rule existed.
 */
export function isXmlText(value: string): boolean {
  return XML_CHARS.test(value);
}
