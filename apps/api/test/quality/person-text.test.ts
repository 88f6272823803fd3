import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerPayments } from '../../src/db/schema/offer-payments.ts';
import { hearingReports } from '../../src/db/schema/disputes.ts';
import { offers, profiles } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { clientInvoice, lawyer, makeSend, type Lawyer, type Send } from './world.ts';

/**
 * Issue 30, finding 4: input that ended in a 500 or in an invoice that could never be built. Every
 * text a person types goes through one rule (decision 028); what breaks it is a 400
 * `validation.failed` with a field message, and nothing is stored.
 */

let t: TestApp;
let send: Send;
let owner: Lawyer;
let offer: { id: number; offerUrl: string };

beforeAll(async () => {
  t = await createTestApp();
  send = await makeSend(t);
  owner = await lawyer(t);
  offer = await t.seed.offer({ profileId: owner.profileId });
}, 120_000);
afterAll(() => t?.close());

const LONE_SURROGATE = String.fromCharCode(0xd800);
const grantor = {
  name: 'Anna Nowak',
  professional_type: 'adwokat',
  license_no: 'WAW/Adw/1234',
  office_address: 'ul. Marszałkowska 1, 00-001 Warszawa',
};

/** Step 2 as the browser sends it: JSON.stringify writes a lone surrogate as a `\ud800` escape. */
const step2 = (body: Record<string, unknown>) =>
  send({
    method: 'POST',
    url: `/api/public/profile/${owner.seolink}/payment/${offer.offerUrl}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const countOf = async (table: typeof offerPayments | typeof hearingReports) =>
  (await t.db.select().from(table)).length;

describe('step 2 (no account)', () => {
  it.each([
    ['grantor.name', { grantor: { ...grantor, name: `Anna${LONE_SURROGATE} Nowak` } }],
    ['grantor.office_address', { grantor: { ...grantor, office_address: `ul. Prosta 1${LONE_SURROGATE}` } }],
    ['hearing.party', { hearing: { party: `powód${LONE_SURROGATE}` } }],
    ['hearing.division', { hearing: { division: `${LONE_SURROGATE}I Wydział Cywilny` } }],
  ])('a lone surrogate in %s: 400 with a field message, nothing stored', async (field, extra) => {
    const before = await countOf(offerPayments);
    const response = await step2({ ...clientInvoice('klient@example.com'), ...extra });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation.failed',
      errors: { [field]: 'validation.textCharacters' },
    });
    expect(await countOf(offerPayments)).toBe(before);
  });

  it.each([
    ['company', 'Kancelaria\u0001Klienta'],
    ['street', 'Święty Marcin\u001f 29/8'],
    ['city', 'Poznań\uFFFE'],
    ['company', 'Kancelaria\uFDD0'],
    ['street', 'Święty Marcin\n29/8'],
  ])('client invoice data: %s = %j is refused before any checkout exists', async (field, value) => {
    const before = await countOf(offerPayments);
    const response = await step2({ ...clientInvoice('klient@example.com'), [field]: value });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation.failed',
      errors: { [field]: 'validation.textCharacters' },
    });
    expect(await countOf(offerPayments)).toBe(before);
  });

  it('Polish, other scripts and emoji still pass', async () => {
    const response = await step2({
      ...clientInvoice(`klient-${randomBytes(3).toString('hex')}@example.com`),
      company: 'Zażółć „Gęślą” Jaźń & S-ka 😀',
      grantor: { ...grantor, name: 'Łukasz Żółć-Иванов' },
      hearing: { party: 'pozwany (spółka „Ąę”)' },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('signed-in JSON routes', () => {
  it('a control character in the profile or the invoice data: 400, the row unchanged', async () => {
    const [before] = await t.db.select().from(profiles);
    for (const [url, body, field] of [
      ['/api/user/profile', { firstname: 'Jan\u0007' }, 'firstname'],
      ['/api/user/profile/invoice', { invoice_company: `Kancelaria${LONE_SURROGATE}` }, 'invoice_company'],
    ] as const) {
      const response = await send({ method: 'PUT', url, headers: owner.headers, payload: body });
      expect(response.statusCode, `${url} ${response.body}`).toBe(400);
      expect(response.json().errors).toMatchObject({ [field]: 'validation.textCharacters' });
    }
    const [after] = await t.db.select().from(profiles);
    expect(after).toEqual(before);
  });

  it('an offer description keeps its line breaks; its title may not hold one', async () => {
    const base = { expireDate: '2099-01-01', price: '100.00' };
    const expireDate = new Date(t.clock.now().getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    const created = await send({
      method: 'POST',
      url: '/api/user/offer',
      headers: owner.headers,
      payload: { ...base, expireDate, title: 'Zastępstwo', description: 'Linia 1\r\nLinia 2\n\tLinia 3' },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.offer.description).toBe('Linia 1\r\nLinia 2\n\tLinia 3');
    const count = (await t.db.select().from(offers)).length;
    const refused = await send({
      method: 'POST',
      url: '/api/user/offer',
      headers: owner.headers,
      payload: { ...base, expireDate, title: 'Zastępstwo\nw SR', description: '' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ title: 'validation.textCharacters' });
    expect((await t.db.select().from(offers)).length).toBe(count);
  });
});

// ---- multipart --------------------------------------------------------------------------------

const UPLOAD_ROUTES: [string, string][] = [
  ['POST', '/api/user/profile/image'],
  ['POST', '/api/user/profile/cv'],
  ['POST', '/api/user/profile/licence/certificate'],
  ['PUT', '/api/user/offer/:id/done'],
];

/** Multipart bodies that are not what they claim: no boundary, cut off in a part's head or body. */
function brokenMultipart(): { name: string; contentType: string; payload: Buffer }[] {
  const boundary = `----substytut${randomBytes(6).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return [
    { name: 'no boundary', contentType: 'multipart/form-data', payload: Buffer.from(`${head}%PDF-1.4`) },
    {
      name: 'cut off inside the file',
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: Buffer.from(`${head}%PDF-1.4\n1 0 obj`),
    },
    {
      name: 'cut off in the part head',
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-da`),
    },
    {
      name: 'cut off in a text field',
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="outcome"\r\n\r\nhe`),
    },
  ];
}

describe('multipart uploads', () => {
  for (const [method, path] of UPLOAD_ROUTES) {
    it(`${method} ${path}: malformed or truncated multipart is a 400 with a code, nothing stored`, async () => {
      const url = path.replace(':id', String(offer.id));
      const reportsBefore = await countOf(hearingReports);
      const [profileBefore] = await t.db.select().from(profiles);
      for (const body of brokenMultipart()) {
        const request: InjectOptions = {
          method: method as 'POST' | 'PUT',
          url,
          headers: { ...owner.headers, 'content-type': body.contentType },
          payload: body.payload,
        };
        const response = await send(request);
        expect(response.statusCode, `${body.name}: ${response.body}`).toBe(400);
        expect(response.json().code, body.name).toBe('request.malformed_multipart');
      }
      // An empty boundary: malformed, or no part at all (the route's own "nothing sent").
      const empty = await send({
        method: method as 'POST' | 'PUT',
        url,
        headers: { ...owner.headers, 'content-type': 'multipart/form-data; boundary=' },
        payload: Buffer.from('--\r\n\r\n%PDF-1.4'),
      });
      expect(empty.statusCode, empty.body).toBe(400);
      expect(['files.missing', 'offers.report_required', 'request.malformed_multipart']).toContain(
        empty.json().code,
      );
      expect(await countOf(hearingReports)).toBe(reportsBefore);
      const [profileAfter] = await t.db.select().from(profiles);
      expect(profileAfter).toEqual(profileBefore);
    });
  }

  it('a NUL or another control character in a report’s text field: 400 with a field message', async () => {
    const boundary = `----substytut${randomBytes(6).toString('hex')}`;
    const form = (fields: Record<string, string>) =>
      Buffer.from(
        Object.entries(fields)
          .map(
            ([name, value]) =>
              `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
          )
          .join('') + `--${boundary}--\r\n`,
      );
    for (const [fields, field, key] of [
      [{ outcome: 'held', notes: 'Sąd\u0000wysłuchał' }, 'notes', 'validation.textCharacters'],
      [{ outcome: 'held', notes: 'Sąd\u0001wysłuchał' }, 'notes', 'validation.textCharacters'],
      [{ outcome: 'held\u0000' }, 'outcome', 'validation.hearingOutcome'],
      [
        { outcome: 'adjourned', next_hearing_at: '2099-01-01T10:00\u0000' },
        'next_hearing_at',
        'validation.textCharacters',
      ],
    ] as const) {
      const response = await send({
        method: 'PUT',
        url: `/api/user/offer/${offer.id}/done`,
        headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: form(fields),
      });
      expect(response.statusCode, `${JSON.stringify(fields)} ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation.failed', errors: { [field]: key } });
    }
    expect(await countOf(hearingReports)).toBe(0);
  });
});
