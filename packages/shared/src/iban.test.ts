import { describe, expect, it } from 'vitest';
import { formatPolishIban, isValidPolishIban, normalizePolishIban } from './iban.ts';

describe('isValidPolishIban', () => {
  it.each([
    ['PL61109010140000071219812874', true],
    ['61109010140000071219812874', true],
    ['PL61 1090 1014 0000 0712 1981 2874', true],
    ['pl61 1090 1014 0000 0712 1981 2874', true],
    ['27 1140 2004 0000 3002 0135 5387', true],
    ['PL61109010140000071219812875', false], // last digit changed: mod 97 = 28
    ['PL6110901014000007121981287', false], // 25 digits
    ['PL611090101400000712198128744', false], // 27 digits
    ['DE61109010140000071219812874', false],
    ['PL6110901014000007121981287X', false],
    ['', false],
  ])('%j -> %s', (input, expected) => {
    expect(isValidPolishIban(input)).toBe(expected);
  });
});

describe('normalizePolishIban / formatPolishIban', () => {
  it('normalizes to PL and 26 digits', () => {
    expect(normalizePolishIban(' 61 1090 1014 0000 0712 1981 2874 ')).toBe('PL61109010140000071219812874');
  });

  it('groups by four for display', () => {
    expect(formatPolishIban('PL61109010140000071219812874')).toBe('PL61 1090 1014 0000 0712 1981 2874');
  });
});
