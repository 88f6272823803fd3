import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { licenceReviewDecisionSchema, adminProfileListQuerySchema } from '../admin-api.ts';
import { hearingInputSchemaWith } from '../hearing.ts';
import { disputeResolutionSchema, disputeSchema, hearingReportSchemaAt } from '../hearing-report.ts';
import { grantorSchema } from '../substitution.ts';
import { sandboxGoogleSignInSchema } from './auth.ts';
import { contactSchema } from './contact.ts';
import { TEXT_CHARACTERS_MESSAGE } from './fields.ts';
import { clientInvoiceSchema, paymentRequestSchema, providerInvoiceSchema } from './invoice.ts';
import { firstIssueByPath } from './issues.ts';
import { offerCreateSchemaAt } from './offer.ts';
import { profileSchemaAt, referenceSchema } from './profile.ts';

/**
 * Decision 028: every text a person types goes through one rule. Each row is a schema, a valid
 * payload and the path of one of its text fields; the field is then given each refused character.
 */
const now = new Date('2026-03-20T10:00:00Z');
const lone = String.fromCharCode(0xd800);

const clientInvoice = {
  nip: '5260250995',
  company: 'Kancelaria Sp. z o.o.',
  street: 'Prosta 1/2',
  postCode: '00-950',
  city: 'Warszawa',
  email: 'biuro@example.pl',
  policyConfirm: true,
};
const grantor = {
  name: 'Anna Nowak',
  professional_type: 'adwokat',
  license_no: 'WAW/Adw/1234',
  office_address: 'ul. Marszałkowska 1, 00-001 Warszawa',
};
const hearing = { court_id: null, division: 'I Wydział Cywilny', party: 'powód', starts_at: null };
const profile = {
  firstname: 'Jan',
  lastname: 'Kowalski',
  phone: '',
  permissions: 'radca-prawny',
  licenseNo: 'WA-1234',
  specialization: ['prawo-cywilne'],
  institution: 'oirp-warszawa',
  description: 'Radca prawny z Warszawy.',
  jobs: [
    {
      positionName: 'Radca',
      employerName: 'Kancelaria',
      monthStart: '1',
      yearStart: '2020',
      stillWorking: true,
    },
  ],
  references: [{ author: 'Anna', description: 'Świetna współpraca' }],
};

type Row = [
  name: string,
  schema: z.ZodType,
  valid: Record<string, unknown>,
  path: string,
  multiline: boolean,
];

const rows: Row[] = [
  ['client invoice', clientInvoiceSchema, clientInvoice, 'company', false],
  ['client invoice', clientInvoiceSchema, clientInvoice, 'street', false],
  ['client invoice', clientInvoiceSchema, clientInvoice, 'city', false],
  ['payment request', paymentRequestSchema, { ...clientInvoice, grantor }, 'grantor.name', false],
  ['payment request', paymentRequestSchema, { ...clientInvoice, grantor }, 'grantor.office_address', false],
  ['payment request', paymentRequestSchema, { ...clientInvoice, grantor }, 'grantor.license_no', false],
  ['payment request', paymentRequestSchema, clientInvoice, 'firstname', false],
  ['grantor', grantorSchema, grantor, 'name', false],
  ['hearing', hearingInputSchemaWith(() => now), hearing, 'division', false],
  ['hearing', hearingInputSchemaWith(() => now), hearing, 'party', false],
  [
    'hearing',
    hearingInputSchemaWith(() => now),
    { ...hearing, mode: 'remote', remote_link: 'https://meet.example.pl/a' },
    'remote_link',
    false,
  ],
  [
    'provider invoice',
    providerInvoiceSchema,
    {
      invoice_nip: '5260250995',
      invoice_company: 'Kancelaria',
      invoice_street: 'Prosta 1',
      invoice_postcode: '00-950',
      invoice_city: 'Warszawa',
    },
    'invoice_company',
    false,
  ],
  [
    'offer',
    offerCreateSchemaAt(now),
    { title: 'Zastępstwo', expireDate: '2026-04-01', price: '100', description: 'Opis' },
    'title',
    false,
  ],
  [
    'offer',
    offerCreateSchemaAt(now),
    { title: 'Zastępstwo', expireDate: '2026-04-01', price: '100', description: 'Opis' },
    'description',
    true,
  ],
  ['profile', profileSchemaAt(now), profile, 'firstname', false],
  ['profile', profileSchemaAt(now), profile, 'description', true],
  ['profile', profileSchemaAt(now), profile, 'jobs.0.employerName', false],
  ['reference', referenceSchema, { author: 'Anna', description: 'Opis' }, 'description', true],
  [
    'contact',
    contactSchema,
    { name: 'Jan', email: 'jan@example.pl', subject: 'Pytanie', message: 'Treść' },
    'subject',
    false,
  ],
  [
    'contact',
    contactSchema,
    { name: 'Jan', email: 'jan@example.pl', subject: 'Pytanie', message: 'Treść' },
    'message',
    true,
  ],
  ['hearing report', hearingReportSchemaAt(() => now), { outcome: 'held', notes: 'Notatki' }, 'notes', true],
  ['dispute', disputeSchema, { reason: 'Rozprawa się nie odbyła' }, 'reason', true],
  [
    'resolution',
    disputeResolutionSchema,
    { decision: 'release', reason: 'Raport jest rzetelny' },
    'reason',
    true,
  ],
  [
    'licence review',
    licenceReviewDecisionSchema,
    { decision: 'reject', reason: 'Brak zaświadczenia' },
    'reason',
    true,
  ],
  ['admin search', adminProfileListQuerySchema, { q: 'Nowak' }, 'q', false],
  ['sandbox sign-in', sandboxGoogleSignInSchema, { email: 'jan@example.pl', name: 'Jan' }, 'name', false],
];

function withField(valid: Record<string, unknown>, path: string, suffix: string): Record<string, unknown> {
  const copy = structuredClone(valid);
  const keys = path.split('.');
  let target: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  target[last] = `${String(target[last])}${suffix}x`;
  return copy;
}

function errors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : firstIssueByPath(result.error);
}

for (const [name, schema, valid, path, multiline] of rows)
  describe(`${name}: ${path}`, () => {
    it('accepts the valid payload', () => {
      expect(errors(schema, valid)).toEqual({});
    });

    it.each([
      ['U+0001', '\u0001'],
      ['U+001F', '\u001f'],
      ['NUL', '\u0000'],
      ['DEL', '\u007f'],
      ['U+0085', '\u0085'],
      ['U+FFFE', '\uFFFE'],
      ['U+FFFF', '\uFFFF'],
      ['U+FDD0', '\uFDD0'],
      ['a lone surrogate', lone],
      ['a lone CR', '\r'],
    ])('refuses %s with the one message', (_label, character) => {
      expect(errors(schema, withField(valid, path, character))).toEqual({ [path]: TEXT_CHARACTERS_MESSAGE });
    });

    it(multiline ? 'allows tabs and line breaks' : 'refuses tabs and line breaks', () => {
      for (const breakOrTab of ['\n', '\r\n', '\t']) {
        expect(errors(schema, withField(valid, path, breakOrTab))).toEqual(
          multiline ? {} : { [path]: TEXT_CHARACTERS_MESSAGE },
        );
      }
    });
  });
