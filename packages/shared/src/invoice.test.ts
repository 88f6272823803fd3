import { describe, expect, it } from 'vitest';
import { grossFromNet } from './money.ts';
import {
  DEFAULT_INVOICE_PATTERN,
  INVOICE_PATTERN_MAX,
  amountsFromGross,
  formatInvoiceNumber,
  invoiceCounterYear,
  invoicePatternField,
  invoicePatternForDisplay,
  seriesAsPattern,
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

describe('the numbering pattern', () => {
  const parse = (pattern: string) => invoicePatternField.safeParse(pattern);
  const problem = (pattern: string) => {
    const result = parse(pattern);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('takes the lawyer’s own numbering with "/" and the placeholders in Polish or English', () => {
    expect(parse('ADW/{nr}/{rok}')).toMatchObject({ success: true, data: 'ADW/{nr}/{rok}' });
    expect(parse('FV/ADW/{nr}/{rok}')).toMatchObject({ success: true, data: 'FV/ADW/{nr}/{rok}' });
    // English spellings and the short {n} are stored in the one canonical form
    expect(parse(' FV/{no}/{year} ')).toMatchObject({ success: true, data: 'FV/{nr}/{rok}' });
    expect(parse('ADW/{n}/{rok}')).toMatchObject({ success: true, data: 'ADW/{nr}/{rok}' });
    expect(parse('{NR}-{ROK}')).toMatchObject({ success: true, data: '{nr}-{rok}' });
    // without the year the numbering does not restart each January
    expect(parse('K_{nr}')).toMatchObject({ success: true, data: 'K_{nr}' });
    expect(parse('2026.FV.{nr}')).toMatchObject({ success: true, data: '2026.FV.{nr}' });
  });

  it('refuses what cannot number invoices uniquely or does not fit an invoice number', () => {
    expect(problem('')).toBe('invoices.pattern_required');
    expect(problem('FV/{rok}')).toBe('invoices.pattern_no_number');
    expect(problem('FV/{nr}/{nr}')).toBe('invoices.pattern_repeated');
    expect(problem('{nr}/{rok}/{year}')).toBe('invoices.pattern_repeated');
    expect(problem('FV {nr}')).toBe('invoices.pattern_invalid');
    expect(problem('FAKTURA/ŻŁ/{nr}')).toBe('invoices.pattern_invalid');
    expect(problem('FV/{miesiac}/{nr}')).toBe('invoices.pattern_invalid');
    expect(problem('FV/{nr')).toBe('invoices.pattern_invalid');
    // a digit beside the number would let 'A{nr}' and 'A1{nr}' print the same 'A11'
    expect(problem('A1{nr}')).toBe('invoices.pattern_digit_beside_number');
    expect(problem('{nr}7/{rok}')).toBe('invoices.pattern_digit_beside_number');
    expect(problem(`${'X'.repeat(INVOICE_PATTERN_MAX - 4)}{nr}`)).toBeNull();
    expect(problem(`${'X'.repeat(INVOICE_PATTERN_MAX - 3)}{nr}`)).toBe('invoices.pattern_too_long');
  });

  it('prints the number and the year into the pattern', () => {
    expect(formatInvoiceNumber('ADW/{nr}/{rok}', 7, 2026)).toBe('ADW/7/2026');
    expect(formatInvoiceNumber('FV/ADW/{nr}/{rok}', 12, 2027)).toBe('FV/ADW/12/2027');
    expect(formatInvoiceNumber('{rok}-{nr}', 3, 2026)).toBe('2026-3');
    expect(formatInvoiceNumber('K_{nr}', 130, 2026)).toBe('K_130');
    expect(formatInvoiceNumber(DEFAULT_INVOICE_PATTERN, 7, 2026)).toBe('FV/7/2026');
  });

  it('counts per year only when the year is printed: a pattern without it never repeats a number', () => {
    expect(invoiceCounterYear('ADW/{nr}/{rok}', 2026)).toBe(2026);
    expect(invoiceCounterYear('K_{nr}', 2026)).toBe(0);
    expect(invoiceCounterYear('K_{nr}', 2027)).toBe(0);
  });

  it('keeps an old series working: it becomes the pattern that prints the same numbers', () => {
    expect(seriesAsPattern('FV')).toBe('FV/{nr}/{rok}');
    expect(seriesAsPattern('ADW-Z')).toBe('ADW-Z/{nr}/{rok}');
    expect(formatInvoiceNumber(seriesAsPattern('ADW-Z'), 12, 2027)).toBe('ADW-Z/12/2027');
    expect(seriesAsPattern('FV/{nr}/{rok}')).toBe('FV/{nr}/{rok}');
  });

  it('shows the placeholders in the reader’s language', () => {
    expect(invoicePatternForDisplay('ADW/{nr}/{rok}', 'pl')).toBe('ADW/{nr}/{rok}');
    expect(invoicePatternForDisplay('ADW/{nr}/{rok}', 'en')).toBe('ADW/{no}/{year}');
  });
});

describe('invoice settings', () => {
  it('takes a numbering pattern', () => {
    expect(invoiceSettingsSchema.safeParse({ mode: 'prepare', number_pattern: 'ADW/{nr}/{rok}' }).success).toBe(
      true,
    );
    for (const number_pattern of ['', 'FV', 'FV {nr}', 'ż{nr}']) {
      expect(
        invoiceSettingsSchema.safeParse({ mode: 'prepare', number_pattern }).success,
        number_pattern,
      ).toBe(false);
    }
  });

  it('issuing needs no token in the request when one is stored, but a given token has a plausible length', () => {
    const number_pattern = DEFAULT_INVOICE_PATTERN;
    expect(invoiceSettingsSchema.safeParse({ mode: 'issue', number_pattern }).success).toBe(true);
    expect(
      invoiceSettingsSchema.safeParse({ mode: 'issue', number_pattern, ksef_token: 'short' }).success,
    ).toBe(false);
    expect(
      invoiceSettingsSchema.safeParse({ mode: 'issue', number_pattern, ksef_token: 'a'.repeat(40) })
        .success,
    ).toBe(true);
    expect(invoiceSettingsSchema.safeParse({ mode: 'other', number_pattern }).success).toBe(false);
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
