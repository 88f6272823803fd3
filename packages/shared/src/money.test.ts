import { describe, expect, it } from 'vitest';
import {
  OFFER_NET_MAX_GROSZE,
  OFFER_NET_MIN_GROSZE,
  VAT_RATE_PERCENT,
  formatPln,
  grossFromNet,
  groszeToDecimalString,
  groszeToDecimalStringOrNull,
  parsePlnToGrosze,
} from './money.ts';

describe('parsePlnToGrosze', () => {
  it.each([
    ['123', 12300],
    ['123.4', 12340],
    ['123,45', 12345],
    ['1 234,50', 123450],
    ['1\u00a0234,50', 123450],
    ['12 345 678', 1234567800],
    ['0', 0],
    ['0.01', 1],
    ['0,5', 50],
    [' 7,05 ', 705],
    ['1000', 100000],
    [123, 12300],
    [123.45, 12345],
    [0.1, 10],
    [0, 0],
  ] as const)('accepts %j as %i grosze', (input, expected) => {
    expect(parsePlnToGrosze(input)).toBe(expected);
  });

  it.each([
    '',
    ' ',
    '123.456',
    '1,234',
    '-1',
    '-0.01',
    '+1',
    'abc',
    'NaN',
    'Infinity',
    '1e3',
    '1E3',
    '12.',
    '.5',
    '1.2.3',
    '1 23',
    '12 3456',
    '0x10',
    '12,34,56',
    '1 234.5 6',
    '99999999999999999',
  ])('refuses %j', (input) => {
    expect(parsePlnToGrosze(input)).toBeNull();
  });

  it.each([NaN, Infinity, -Infinity, -1, 1.005, 0.1 + 0.2, 1e21, 1e-7])('refuses the number %d', (input) => {
    expect(parsePlnToGrosze(input)).toBeNull();
  });
});

describe('grossFromNet', () => {
  // Worked by hand: net × 123, then /100 rounded half up.
  it.each([
    [0, 0], //        0
    [1, 1], //        123 -> 1.23 -> 1
    [5, 6], //        615 -> 6.15 -> 6
    [10, 12], //      1230 -> 12.3 -> 12
    [50, 62], //      6150 -> 61.5 -> 62 (half up)
    [100, 123], //    12300 -> 123
    [150, 185], //    18450 -> 184.5 -> 185 (half up)
    [250, 308], //    30750 -> 307.5 -> 308 (half up)
    [9999, 12299], // 1229877 -> 12298.77 -> 12299
    [10001, 12301], // 1230123 -> 12301.23 -> 12301
    [33333, 41000], // 4099959 -> 40999.59 -> 41000
    [81301, 100000], // 10000023 -> 100000.23 -> 100000
    [100000, 123000], // 12300000 -> 123000
  ])('net %i gr -> gross %i gr', (net, gross) => {
    expect(grossFromNet(net)).toBe(gross);
  });

  it.each([-1, 1.5, NaN, Infinity, Number.MAX_SAFE_INTEGER])('throws on %d', (net) => {
    expect(() => grossFromNet(net)).toThrow(RangeError);
  });

  it('uses a 23% rate', () => {
    expect(VAT_RATE_PERCENT).toBe(23);
  });
});

describe('offer limits', () => {
  it('allow 0.01 zł to 1000 zł net', () => {
    expect(OFFER_NET_MIN_GROSZE).toBe(1);
    expect(OFFER_NET_MAX_GROSZE).toBe(100_000);
  });
});

describe('groszeToDecimalStringOrNull', () => {
  it('keeps null (no amount: "ask for quotes", no fee) and converts an amount', () => {
    expect(groszeToDecimalStringOrNull(null)).toBeNull();
    expect(groszeToDecimalStringOrNull(0)).toBe('0.00');
    expect(groszeToDecimalStringOrNull(12345)).toBe('123.45');
  });
});

describe('groszeToDecimalString', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [12345, '123.45'],
    [100000, '1000.00'],
    [123456789, '1234567.89'],
    [-5, '-0.05'],
    [-12345, '-123.45'],
  ])('%i -> %s', (grosze, text) => {
    expect(groszeToDecimalString(grosze)).toBe(text);
  });

  it('round-trips with parsePlnToGrosze', () => {
    for (const grosze of [0, 1, 9, 10, 99, 100, 12345, 100000]) {
      expect(parsePlnToGrosze(groszeToDecimalString(grosze))).toBe(grosze);
    }
  });

  it('throws on a non-integer', () => {
    expect(() => groszeToDecimalString(1.5)).toThrow(RangeError);
  });
});

describe('formatPln', () => {
  const nbsp = '\u00a0';
  it.each([
    [123456, 'pl', `1${nbsp}234,56${nbsp}zł`],
    [0, 'pl', `0,00${nbsp}zł`],
    [5, 'pl', `0,05${nbsp}zł`],
    [100000, 'pl', `1${nbsp}000,00${nbsp}zł`],
    [123456, 'en', `PLN${nbsp}1,234.56`],
    [5, 'en', `PLN${nbsp}0.05`],
  ] as const)('%i in %s -> %s', (grosze, locale, text) => {
    expect(formatPln(grosze, locale)).toBe(text);
  });

  it('defaults to Polish', () => {
    expect(formatPln(12345)).toBe(`123,45${nbsp}zł`);
  });
});
