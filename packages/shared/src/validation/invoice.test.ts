import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  clientInvoiceSchema,
  nipLookupSchema,
  paymentRequestSchema,
  providerInvoiceSchema,
} from './invoice.ts';
import { firstIssueByPath } from './issues.ts';

function errors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : firstIssueByPath(result.error);
}

const client = {
  nip: '5260250995',
  company: 'Kancelaria Sp. z o.o.',
  street: 'Prosta 1/2',
  postCode: '00-950',
  city: 'Warszawa',
  email: 'biuro@example.pl',
  policyConfirm: true,
};

describe('clientInvoiceSchema', () => {
  it.each([
    [{}, {}],
    [{ nip: '' }, { nip: 'validation.nipRequired' }],
    [{ nip: undefined }, { nip: 'validation.nipRequired' }],
    [{ nip: '526025099' }, { nip: 'validation.nipDigits' }],
    [{ nip: '52602509951' }, { nip: 'validation.nipDigits' }],
    [{ nip: '526025099a' }, { nip: 'validation.nipDigits' }],
    [{ nip: '5260250996' }, { nip: 'validation.nipChecksum' }],
    [{ nip: 'PL 526-025-09-95' }, {}],
    [{ company: '' }, { company: 'validation.companyRequired' }],
    [{ company: 'A' }, { company: 'validation.companyMin' }],
    [{ company: ' A ' }, { company: 'validation.companyMin' }],
    [{ company: 'AB' }, {}],
    [{ street: 'Ul' }, {}],
    [{ city: 'Ła' }, {}],
    [{ street: '' }, { street: 'validation.streetMin' }],
    [{ street: 'P' }, { street: 'validation.streetMin' }],
    [{ postCode: '' }, { postCode: 'validation.postCodeFormat' }],
    [{ postCode: '00950' }, { postCode: 'validation.postCodeFormat' }],
    [{ city: 'W' }, { city: 'validation.cityMin' }],
    [{ city: undefined }, { city: 'validation.cityMin' }],
    [{ email: '' }, { email: 'validation.emailRequired' }],
    [{ email: 'biuro@' }, { email: 'validation.emailInvalid' }],
    [{ policyConfirm: false }, { policyConfirm: 'validation.policyConfirm' }],
    [{ policyConfirm: undefined }, { policyConfirm: 'validation.policyConfirm' }],
  ])('%j -> %j', (change, expected) => {
    expect(errors(clientInvoiceSchema, { ...client, ...change })).toEqual(expected);
  });

  it('normalizes the NIP and trims text', () => {
    expect(
      clientInvoiceSchema.parse({ ...client, nip: 'PL526-025-09-95', city: ' Warszawa ' }),
    ).toMatchObject({
      nip: '5260250995',
      city: 'Warszawa',
    });
  });
});

describe('paymentRequestSchema', () => {
  it('adds the invoice flag and placeholder fields', () => {
    expect(paymentRequestSchema.parse(client)).toEqual({
      ...client,
      invoice: true,
      phone: '',
      firstname: '',
      lastname: '',
      grantor: null,
    });
  });

  it('keeps placeholder values and refuses invoice=false', () => {
    expect(
      paymentRequestSchema.parse({ ...client, phone: '0', firstname: 'x', lastname: 'y' }),
    ).toMatchObject({
      phone: '0',
      firstname: 'x',
      lastname: 'y',
    });
    expect(paymentRequestSchema.safeParse({ ...client, invoice: false }).success).toBe(false);
  });
});

describe('nipLookupSchema', () => {
  it.each([
    [{ nip: '5260250995' }, {}],
    [{ nip: '5260250996' }, { nip: 'validation.nipChecksum' }],
    [{}, { nip: 'validation.nipRequired' }],
  ])('%j -> %j', (input, expected) => {
    expect(errors(nipLookupSchema, input)).toEqual(expected);
  });
});

const provider = {
  invoice_nip: '5260250995',
  invoice_company: 'Kancelaria Radcy Prawnego Jan Kowalski',
  invoice_street: 'Prosta 1',
  invoice_postcode: '00-950',
  invoice_city: 'Warszawa',
};

describe('providerInvoiceSchema', () => {
  it.each([
    [{}, {}],
    [{ invoice_nip: '123456789' }, { invoice_nip: 'validation.invoiceNipLength' }],
    // Issue 19, finding 6: digits only, after normalising, and the check digit holds.
    [{ invoice_nip: 'abcdefghij' }, { invoice_nip: 'validation.invoiceNipDigits' }],
    [{ invoice_nip: '5260250995\u202e' }, {}],
    [{ invoice_nip: '\u202e5260250995' }, {}],
    [{ invoice_nip: '５２６０２５０９９５' }, {}],
    [{ invoice_nip: '5260250996' }, { invoice_nip: 'validation.nipChecksum' }],
    [{ invoice_nip: '1234567890' }, { invoice_nip: 'validation.nipChecksum' }],
    [{ invoice_nip: '44051401359' }, {}],
    [{ invoice_nip: '12345678901' }, { invoice_nip: 'validation.nipChecksum' }],
    [{ invoice_nip: '' }, { invoice_nip: 'validation.invoiceNipLength' }],
    [{ invoice_nip: '123456789012' }, { invoice_nip: 'validation.invoiceNipLength' }],
    [{ invoice_postcode: '00 950' }, { invoice_postcode: 'validation.postCodeFormat' }],
    [{ invoice_company: '' }, { invoice_company: 'validation.fieldRequired' }],
    [{ invoice_city: 'x'.repeat(101) }, { invoice_city: 'validation.tooLong' }],
    [{ invoice_bank_account: '' }, {}],
    [{ invoice_bank_account: null }, {}],
    [{ invoice_bank_account: 'PL61 1090 1014 0000 0712 1981 2874' }, {}],
    [
      { invoice_bank_account: '61 1090 1014 0000 0712 1981 2875' },
      { invoice_bank_account: 'validation.bankAccountInvalid' },
    ],
    [{ invoice_bank_account: '1234' }, { invoice_bank_account: 'validation.bankAccountInvalid' }],
  ])('%j -> %j', (change, expected) => {
    expect(errors(providerInvoiceSchema, { ...provider, ...change })).toEqual(expected);
  });

  it.each([
    ['PL 526-025-09-95', '5260250995'],
    ['５２６０２５０９９５', '5260250995'],
    ['ＰＬ５２６０２５０９９５', '5260250995'],
    ['526\u2013025\u201309\u201395', '5260250995'],
    ['5260250995\u202e', '5260250995'],
    ['\u200b5260250995\ufeff', '5260250995'],
    ['440514 01359', '44051401359'],
  ])('stores the NIP %j as %j', (input, stored) => {
    expect(providerInvoiceSchema.parse({ ...provider, invoice_nip: input }).invoice_nip).toBe(stored);
  });

  it('stores its texts without format characters, composed', () => {
    const parsed = providerInvoiceSchema.parse({
      ...provider,
      invoice_company: '\u202eKancelaria Zaja\u0328c\u200b',
      invoice_city: '\ufeffWarszawa\u00ad',
    });
    expect(parsed.invoice_company).toBe('Kancelaria Zając');
    expect(parsed.invoice_city).toBe('Warszawa');
  });

  it.each([
    [undefined, null],
    ['  ', null],
    ['61 1090 1014 0000 0712 1981 2874', 'PL61109010140000071219812874'],
  ])('stores the bank account %j as %j', (input, stored) => {
    expect(
      providerInvoiceSchema.parse({ ...provider, invoice_bank_account: input }).invoice_bank_account,
    ).toBe(stored);
  });
});
