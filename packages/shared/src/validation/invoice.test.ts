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
    [{ invoice_nip: '12345678901' }, {}],
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
    [undefined, null],
    ['  ', null],
    ['61 1090 1014 0000 0712 1981 2874', 'PL61109010140000071219812874'],
  ])('stores the bank account %j as %j', (input, stored) => {
    expect(
      providerInvoiceSchema.parse({ ...provider, invoice_bank_account: input }).invoice_bank_account,
    ).toBe(stored);
  });
});
