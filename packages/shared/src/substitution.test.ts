import { describe, expect, it } from 'vitest';
import { grantorFitsSubstitute, grantorSchema, substitutionDocumentKind } from './substitution.ts';

const grantor = {
  name: 'Anna Nowak',
  professional_type: 'adwokat',
  license_no: 'WAW/Adw/1234',
  office_address: 'ul. Marszałkowska 1, 00-001 Warszawa',
};

function errors(input: unknown): Record<string, string> {
  const result = grantorSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('grantorSchema', () => {
  it('takes the four fields, trimmed', () => {
    expect(grantorSchema.parse({ ...grantor, name: '  Anna Nowak ' })).toEqual(grantor);
  });

  it('keeps the entry number as the profile would: normalised', () => {
    expect(grantorSchema.parse({ ...grantor, license_no: ' waw / adw / 1234 ' }).license_no).toBe(
      'WAW/Adw/1234',
    );
    expect(
      grantorSchema.parse({ ...grantor, professional_type: 'radca-prawny', license_no: 'wa 14592' })
        .license_no,
    ).toBe('WA-14592');
  });

  it.each([
    [{ name: '' }, { name: 'validation.grantorNameRequired' }],
    [{ name: '123' }, { name: 'validation.nameLetter' }],
    [{ name: 'x'.repeat(201) }, { name: 'validation.tooLong' }],
    [{ professional_type: 'aplikant-adwokacki' }, { professional_type: 'validation.grantorTypeInvalid' }],
    [{ professional_type: 'notariusz' }, { professional_type: 'validation.grantorTypeInvalid' }],
    [{ license_no: '  ' }, { license_no: 'validation.grantorLicenceRequired' }],
    [{ license_no: 'x'.repeat(51) }, { license_no: 'validation.tooLong' }],
    // The profile's entry-number rules, for the grantor's profession (issue 22).
    [{ license_no: 'WA-14592' }, { license_no: 'validation.licenceNoAdvocate' }],
    [{ license_no: 'WAW/Apl/12' }, { license_no: 'validation.licenceNoIsTrainee' }],
    [{ professional_type: 'radca-prawny' }, { license_no: 'validation.licenceNoLegalCounsel' }],
    [{ office_address: 'ul.' }, { office_address: 'validation.grantorAddressRequired' }],
    [{ office_address: 'x'.repeat(301) }, { office_address: 'validation.tooLong' }],
  ])('refuses %o', (change, expected) => {
    expect(errors({ ...grantor, ...change })).toEqual(expected);
  });
});

describe('which document', () => {
  it.each([
    ['adwokat', 'substitution'],
    ['radca-prawny', 'substitution'],
    ['aplikant-adwokacki', 'authorisation'],
    ['aplikant-radcowski', 'authorisation'],
    ['', null],
  ])('a %s receives %s', (type, kind) => {
    expect(substitutionDocumentKind(type)).toBe(kind);
  });

  it.each([
    ['adwokat', 'radca-prawny', true],
    ['radca-prawny', 'adwokat', true],
    ['adwokat', 'aplikant-adwokacki', true],
    ['radca-prawny', 'aplikant-adwokacki', false],
    ['radca-prawny', 'aplikant-radcowski', true],
    ['adwokat', 'aplikant-radcowski', false],
  ] as const)('a grantor %s may authorise a %s: %s', (grantorType, substitute, fits) => {
    expect(grantorFitsSubstitute(grantorType, substitute)).toBe(fits);
  });
});
