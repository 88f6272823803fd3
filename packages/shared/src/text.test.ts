import { describe, expect, it } from 'vitest';
import { cleanText, hasLetter } from './text.ts';

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
