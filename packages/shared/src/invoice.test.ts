import { describe, expect, it } from 'vitest';
import { grossFromNet } from './money.ts';
import {
  INVOICE_SERIES_MAX,
  amountsFromGross,
  amountsFromNet,
  invoiceNumber,
  invoiceSettingsSchema,
  ksefVerificationUrl,
  correctionAmounts,
} from './invoice.ts';

describe('invoice amounts', () => {
  it.each([1, 99, 100, 4321, 12345, 100_000])(
    'net %i gr: VAT and gross match the offer to the grosz',
    (net) => {
      const amounts = amountsFromNet(net);
      expect(amounts.gross).toBe(grossFromNet(net));
      expect(amounts.net + amounts.vat).toBe(amounts.gross);
    },
  );

  it.each([
    // gross → net rounded half up, VAT the rest: the fee of 10 % of 123 zł is 12.30 zł = 10.00 + 2.30
    [1230, 1000, 230],
    [1, 1, 0],
    [123, 100, 23],
    [1845, 1500, 345],
    [62, 50, 12],
  ])('gross %i gr splits into net %i and VAT %i', (gross, net, vat) => {
    expect(amountsFromGross(gross)).toEqual({ net, vat, gross });
  });

  it('refuses amounts that are not whole grosze', () => {
    expect(() => amountsFromNet(1.5)).toThrow(RangeError);
    expect(() => amountsFromGross(-1)).toThrow(RangeError);
  });

  it('a correction carries the negative difference of net, VAT and gross', () => {
    const before = amountsFromNet(10_000);
    const after = amountsFromNet(0);
    expect(correctionAmounts(before, after)).toEqual({ net: -10_000, vat: -2_300, gross: -12_300 });
  });

  it('a partial refund corrects to the gross left, split like the original', () => {
    const before = amountsFromNet(10_000);
    const after = amountsFromGross(before.gross - 6_150);
    expect(after).toEqual({ net: 5_000, vat: 1_150, gross: 6_150 });
    expect(correctionAmounts(before, after)).toEqual({ net: -5_000, vat: -1_150, gross: -6_150 });
  });
});

describe('invoice numbers', () => {
  it('reads {series}/{number}/{year}', () => {
    expect(invoiceNumber('FV', 7, 2026)).toBe('FV/7/2026');
    expect(invoiceNumber('ADW-Z', 12, 2027)).toBe('ADW-Z/12/2027');
  });
});

describe('invoice settings', () => {
  it('takes a series of letters, digits and dashes', () => {
    expect(invoiceSettingsSchema.safeParse({ mode: 'prepare', series: 'FV-ADW' }).success).toBe(true);
    for (const series of ['', 'F/V', 'FV 1', 'ż', 'X'.repeat(INVOICE_SERIES_MAX + 1)]) {
      expect(invoiceSettingsSchema.safeParse({ mode: 'prepare', series }).success, series).toBe(false);
    }
  });

  it('issuing needs no token in the request when one is stored, but a given token has a plausible length', () => {
    expect(invoiceSettingsSchema.safeParse({ mode: 'issue', series: 'FV' }).success).toBe(true);
    expect(
      invoiceSettingsSchema.safeParse({ mode: 'issue', series: 'FV', ksef_token: 'short' }).success,
    ).toBe(false);
    expect(
      invoiceSettingsSchema.safeParse({ mode: 'issue', series: 'FV', ksef_token: 'a'.repeat(40) }).success,
    ).toBe(true);
    expect(invoiceSettingsSchema.safeParse({ mode: 'other', series: 'FV' }).success).toBe(false);
  });
});

describe('KOD I', () => {
  it('is the KSeF docs example link', () => {
    // kody-qr.md of the Ministry's ksef-docs: 01-02-2026, NIP 1111111111.
    expect(
      ksefVerificationUrl('test', {
        sellerNip: '1111111111',
        issueDate: '2026-02-01',
        sha256Base64url: 'UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE',
      }),
    ).toBe(
      'https://qr-test.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE',
    );
  });

  it('uses each environment host', () => {
    const input = { sellerNip: '5252987310', issueDate: '2026-11-24', sha256Base64url: 'abc' };
    expect(ksefVerificationUrl('demo', input)).toMatch(/^https:\/\/qr-demo\.ksef\.mf\.gov\.pl\/invoice\//);
    expect(ksefVerificationUrl('production', input)).toMatch(/^https:\/\/qr\.ksef\.mf\.gov\.pl\/invoice\//);
  });
});
