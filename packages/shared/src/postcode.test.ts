import { describe, expect, it } from 'vitest';
import { formatPostcodeAsTyped, isValidPostcode, normalizePostcode } from './postcode.ts';

describe('isValidPostcode', () => {
  it.each([
    ['00-950', true],
    ['80-180', true],
    ['00950', false],
    ['0-0950', false],
    ['00-95', false],
    ['00 950', false],
    ['aa-bbb', false],
    [' 00-950', false],
    ['', false],
  ])('%j -> %s', (input, expected) => {
    expect(isValidPostcode(input)).toBe(expected);
  });
});

describe('normalizePostcode', () => {
  it.each([
    ['00950', '00-950'],
    [' 00-950 ', '00-950'],
    ['00 950', '00-950'],
    ['0095', '0095'],
    ['abc', 'abc'],
  ])('%j -> %j', (input, expected) => {
    expect(normalizePostcode(input)).toBe(expected);
  });
});

describe('formatPostcodeAsTyped', () => {
  it.each([
    ['00916', '00-916'],
    ['00 916', '00-916'],
    ['00-916', '00-916'],
    ['0091', '0091'],
    ['00-', '00-'],
    ['00 ', '00 '],
    ['009166', '009166'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(formatPostcodeAsTyped(input)).toBe(expected);
  });
});
