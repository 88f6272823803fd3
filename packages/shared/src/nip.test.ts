import { describe, expect, it } from 'vitest';
import { isValidNip, isValidNipChecksum, isValidPeselChecksum, normalizeNip } from './nip.ts';

describe('normalizeNip', () => {
  it.each([
    ['1234563218', '1234563218'],
    ['PL1234563218', '1234563218'],
    ['pl 123-456-32-18', '1234563218'],
    [' 123 456 32 18 ', '1234563218'],
    ['123-45-63-218', '1234563218'],
    ['12a', '12a'],
    ['１２３４５６３２１８', '1234563218'],
    ['ＰＬ１２３４５６３２１８', '1234563218'],
    ['123\u2013456\u201332\u201318', '1234563218'],
    ['1234563218\u202e', '1234563218'],
    ['\u2067PL\u200b1234563218\u2069', '1234563218'],
    ['abcdefghij', 'abcdefghij'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeNip(input)).toBe(expected);
  });
});

describe('isValidNip', () => {
  it.each([
    ['1234563218', true],
    ['5260250995', true],
    ['7740001454', true],
    ['5261040828', true],
    ['PL 526-104-08-28', true],
    ['7010006007', false], // checksum 2, last digit 7
    ['1234563219', false],
    ['1234567890', false], // weighted sum mod 11 = 10: never valid
    ['123456321', false],
    ['12345632180', false],
    ['12345632a8', false],
    ['', false],
  ])('%j -> %s', (input, expected) => {
    expect(isValidNip(input)).toBe(expected);
  });

  it('checks the checksum only on ten digits', () => {
    expect(isValidNipChecksum('5260250995')).toBe(true);
    expect(isValidNipChecksum('PL5260250995')).toBe(false);
  });
});

describe('isValidPeselChecksum', () => {
  it.each([
    ['44051401359', true],
    ['02070803628', true],
    ['44051401358', false],
    ['12345678901', false],
    ['4405140135', false],
    ['4405140135a', false],
  ])('%j -> %s', (input, expected) => {
    expect(isValidPeselChecksum(input)).toBe(expected);
  });
});
