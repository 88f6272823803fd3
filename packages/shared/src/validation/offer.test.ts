import { describe, expect, it } from 'vitest';
import { firstIssueByPath } from './issues.ts';
import { EMPTY_HEARING } from '../hearing.ts';
import { isValidExpiry, offerCreateSchemaAt, toOfferCreatePayload } from './offer.ts';

// 23:30 in Warsaw on 14 June: "tomorrow" is the 15th even though UTC still says the 14th.
const now = new Date('2024-06-14T21:30:00Z');
const schema = offerCreateSchemaAt(now);
const valid = { title: 'Zastępstwo SR Mokotów', expireDate: '2024-06-15', price: '100', description: '' };

function errors(input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : firstIssueByPath(result.error);
}

describe('isValidExpiry', () => {
  it.each([
    ['2024-06-14', false],
    ['2024-06-15', true],
    ['2025-01-01', true],
    // At most a year ahead (issue 19, finding 6).
    ['2025-06-14', true],
    ['2025-06-15', false],
    ['9999-12-31', false],
    ['2024-06-13', false],
    ['2024-02-30', false],
    ['15.06.2024', false],
  ])('%s -> %s', (day, expected) => {
    expect(isValidExpiry(day, now)).toBe(expected);
  });
});

describe('offerCreateSchema', () => {
  it.each([
    [{}, {}],
    [{ title: '' }, { title: 'validation.fillField' }],
    [{ title: undefined }, { title: 'validation.fillField' }],
    [{ title: 'x'.repeat(121) }, { title: 'validation.tooLong' }],
    [{ price: '' }, { price: 'validation.fillField' }],
    [{ price: undefined }, { price: 'validation.fillField' }],
    [{ price: '0' }, { price: 'validation.priceRange' }],
    [{ price: 0 }, { price: 'validation.priceRange' }],
    [{ price: '0.01' }, {}],
    [{ price: '1000' }, {}],
    [{ price: '1000,01' }, { price: 'validation.priceRange' }],
    [{ price: '-5' }, { price: 'validation.priceFormat' }],
    [{ price: '12.345' }, { price: 'validation.priceFormat' }],
    [{ price: '1e2' }, { price: 'validation.priceFormat' }],
    [{ price: 99.99 }, {}],
    [{ expireDate: '2024-06-14' }, { expireDate: 'validation.expireDateTooEarly' }],
    [{ expireDate: '2024-06-31' }, { expireDate: 'validation.dateInvalid' }],
    [{ expireDate: '2025-06-14' }, {}],
    [{ expireDate: '2025-06-15' }, { expireDate: 'validation.expireDateTooLate' }],
    [{ expireDate: '9999-12-31' }, { expireDate: 'validation.expireDateTooLate' }],
    [{ title: '\u200b\u200b' }, { title: 'validation.fillField' }],
    [{ expireDate: '' }, { expireDate: 'validation.dateInvalid' }],
    [{ price: '100', price_brutto: '123.00' }, {}],
    [{ price: '100', price_brutto: 123 }, {}],
    [{ price: '0.50', price_brutto: '0.62' }, {}],
    [{ price: '0.50', price_brutto: '0.61' }, { price_brutto: 'validation.priceBruttoMismatch' }],
    [{ price: '100', price_brutto: 'abc' }, { price_brutto: 'validation.priceBruttoMismatch' }],
    [{ price: '100', price_brutto: '' }, {}],
    [{ description: undefined }, {}],
    [{ description: 'x'.repeat(2001) }, { description: 'validation.tooLong' }],
  ])('%j -> %j', (change, expected) => {
    expect(errors({ ...valid, ...change })).toEqual(expected);
  });

  it('yields grosze with the gross computed by the server rule', () => {
    expect(schema.parse({ ...valid, price: '813,01', description: undefined })).toEqual({
      title: 'Zastępstwo SR Mokotów',
      expireDate: '2024-06-15',
      description: '',
      netGrosze: 81301,
      grossGrosze: 100000,
      hearing: EMPTY_HEARING,
      courtCancellationFeeNetGrosze: null,
    });
  });

  it('builds the POST /user/offer body with decimal strings', () => {
    expect(toOfferCreatePayload(schema.parse({ ...valid, price: '0,05' }))).toEqual({
      title: 'Zastępstwo SR Mokotów',
      expireDate: '2024-06-15',
      price: '0.05',
      price_brutto: '0.06',
      description: '',
    });
    const withFee = schema.parse({ ...valid, price: '100', court_cancellation_fee: '30' });
    expect(toOfferCreatePayload(withFee)).toMatchObject({ court_cancellation_fee: '30.00' });
  });
});
