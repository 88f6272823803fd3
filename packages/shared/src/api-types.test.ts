import { describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  dataEnvelope,
  invoiceFieldsFromCompany,
  offerDtoSchema,
  storageUrl,
  userDtoSchema,
} from './api-types.ts';

describe('invoiceFieldsFromCompany', () => {
  const base = { street: 'ul. Prosta', city: 'Warszawa', zipCode: '00-950', name: 'ACME Sp. z o.o.' };
  it.each([
    [{ propertyNumber: '1', apartmentNumber: '2' }, 'ul. Prosta 1/2'],
    [{ propertyNumber: '1', apartmentNumber: '' }, 'ul. Prosta 1'],
    [{ propertyNumber: '', apartmentNumber: '' }, 'ul. Prosta'],
    [{ propertyNumber: ' 12A ', apartmentNumber: ' 3 ' }, 'ul. Prosta 12A/3'],
  ])('%j -> %s', (numbers, street) => {
    expect(invoiceFieldsFromCompany({ ...base, ...numbers })).toEqual({
      company: 'ACME Sp. z o.o.',
      street,
      postCode: '00-950',
      city: 'Warszawa',
    });
  });
});

describe('DTO schemas', () => {
  it('accept a well-formed user and refuse an unknown role', () => {
    const user = {
      id: '0b0e3f8e-6d1c-4c57-9a0a-3f1e2d4c5b6a',
      email: 'a@b.pl',
      name: 'A',
      role: 'user',
      email_verified_at: null,
    };
    expect(userDtoSchema.safeParse(user).success).toBe(true);
    expect(userDtoSchema.safeParse({ ...user, role: 'root' }).success).toBe(false);
  });

  it('require decimal PLN prices on offers', () => {
    const offer = {
      offerId: 1,
      profileId: 2,
      title: 't',
      description: '',
      price: '100.00',
      price_brutto: '123.00',
      expireDate: '2025-01-01',
      status: 'active',
      offerUrl: 'abc',
      absoluteUrl: 'http://localhost:3000/u/jan?o=abc',
      cardUrl: null,
      createDate: '2024-12-01T10:00:00.000Z',
      updateDate: '2024-12-01T10:00:00.000Z',
      profile: { seolink: 'jan', fullname: 'Jan K' },
    };
    expect(dataEnvelope(offerDtoSchema).safeParse({ data: offer }).success).toBe(true);
    expect(offerDtoSchema.safeParse({ ...offer, price: 100 }).success).toBe(false);
    expect(offerDtoSchema.safeParse({ ...offer, status: 'paid' }).success).toBe(false);
  });

  it('describe the error body', () => {
    expect(apiErrorSchema.safeParse({ message: 'x', code: 'offers.not_found' }).success).toBe(true);
    expect(
      apiErrorSchema.safeParse({
        message: 'x',
        code: 'validation',
        errors: { nip: 'validation.nipRequired' },
      }).success,
    ).toBe(true);
    expect(
      apiErrorSchema.safeParse({
        message: 'x',
        code: 'validation',
        errors: { nip: ['validation.nipRequired'] },
      }).success,
    ).toBe(false);
  });

  it('builds storage URLs', () => {
    expect(storageUrl('avatars/a.webp')).toBe('/storage/avatars/a.webp');
    expect(storageUrl('/cards/c.png')).toBe('/storage/cards/c.png');
  });
});
