import { describe, expect, it } from 'vitest';
import { cleanText, hasLetter, isPersonText, isXmlText } from './text.ts';

describe('cleanText', () => {
  it.each([
    ['Jan', 'Jan'],
    ['  Jan  ', 'Jan'],
    // Zero-width space, non-joiner, joiner, word joiner, BOM: all invisible.
    ['\u200b\u200b\u200b', ''],
    ['J\u200ca\u200dn\u2060\ufeff', 'Jan'],
    // Bidi overrides, embeddings, isolates and marks.
    ['\u202eJan', 'Jan'],
    ['\u202aJan\u202c', 'Jan'],
    ['\u2066Jan\u2069 \u2067Kowalski\u2069', 'Jan Kowalski'],
    ['\u200fJan\u200e', 'Jan'],
    // Soft hyphen.
    ['Ko\u00adwal\u00adski', 'Kowalski'],
    // Decomposed letters are composed (NFC): 'ą' and 'ł' stay one character each.
    ['Zaja\u0328c', 'Zając'],
    ['Ło\u0301dz\u0301', 'Łódź'],
    // Spaces inside stay; only the ends are trimmed.
    ['\u00a0Jan Maria\u00a0', 'Jan Maria'],
  ])('%j -> %j', (input, expected) => {
    expect(cleanText(input)).toBe(expected);
    expect(cleanText(input)).toBe(expected.normalize('NFC'));
  });
});

describe('hasLetter', () => {
  it.each([
    ['Jan', true],
    ['Ż', true],
    ['Иван', true],
    ['12', false],
    ['--', false],
    ['', false],
  ])('%j -> %s', (input, expected) => {
    expect(hasLetter(input)).toBe(expected);
  });
});

describe('isPersonText (decision 028)', () => {
  const high = String.fromCharCode(0xd83d);
  const low = String.fromCharCode(0xde00);
  it.each([
    ['Jan Kowalski', true, true],
    ['Zażółć gęślą jaźń', true, true],
    ['Иван 李 😀', true, true],
    ['', true, true],
    // A surrogate pair is one character; either half alone is not text.
    [`${high}${low}`, true, true],
    [`Jan${high}`, false, false],
    [`${low}Jan`, false, false],
    [`${low}${high}`, false, false],
    // C0 controls, DEL and C1 controls.
    ['a\u0000b', false, false],
    ['a\u0001b', false, false],
    ['a\u001fb', false, false],
    ['a\u007fb', false, false],
    ['a\u0085b', false, false],
    ['a\u009fb', false, false],
    // Non-characters: U+FFFE, U+FFFF, U+FDD0–U+FDEF, the end of every plane.
    ['a\uFFFEb', false, false],
    ['a\uFFFFb', false, false],
    ['a\uFDD0b', false, false],
    ['a\uFDEFb', false, false],
    ['a\u{1FFFE}b', false, false],
    ['a\u{10FFFF}b', false, false],
    // Next to the non-characters, ordinary characters.
    ['a\uFDCFb\uFDF0\uFFFD', true, true],
    // Line breaks and tabs: only in a multi-line field, and a CR only before a LF.
    ['one\ntwo', false, true],
    ['one\r\ntwo', false, true],
    ['one\ttwo', false, true],
    ['one\rtwo', false, false],
    ['one\u000btwo', false, false],
    ['one\u000ctwo', false, false],
    ['one\u2028two', false, true],
    ['one\u2029two', false, true],
  ])('%j: one line %s, multi-line %s', (input, oneLine, multiLine) => {
    expect(isPersonText(input)).toBe(oneLine);
    expect(isPersonText(input, { multiline: true })).toBe(multiLine);
  });
});

describe('isXmlText', () => {
  it.each([
    ['Kancelaria "Lex" & S-ka <sp. j.>', true],
    ['one\ttwo\r\nthree', true],
    ['😀 Łódź', true],
    ['a\u0001', false],
    ['a\u001f', false],
    ['a\u0000', false],
    ['a\uFFFE', false],
    ['a\uFFFF', false],
    [`a${String.fromCharCode(0xdc00)}`, false],
  ])('%j -> %s', (input, expected) => {
    expect(isXmlText(input)).toBe(expected);
  });

  it('accepts whatever isPersonText accepts, in either kind of field', () => {
    // Every code point of the BMP, plus a few outside it, one at a time.
    const outside: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp += cp < 0x10000 ? 1 : 0xfff) {
      const text = `a${String.fromCodePoint(cp)}b`;
      if (isPersonText(text, { multiline: true }) && !isXmlText(text)) outside.push(cp.toString(16));
      if (isPersonText(text) && !isXmlText(text)) outside.push(cp.toString(16));
    }
    expect(outside).toEqual([]);
  });
});
