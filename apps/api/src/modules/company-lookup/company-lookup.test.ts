import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGus, type FakeGus } from '../../../test/fake-gus.ts';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/helpers.ts';
import { createTestClock } from '../../../test/test-clock.ts';
import { CompanyLookupUnavailableError } from './company-lookup.port.ts';
import { createGusBirLookup, decodeXmlEntities } from './gus-bir.ts';
import { createSampleRegistry, SAMPLE_COMPANIES } from './sample-registry.ts';
import { companyLookupDtoSchema, isValidNip, type CompanyLookupDto } from '@substytut/shared';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { dataOf, ok } from '../app/http.ts';
import { createNipAnswerJson } from './company-lookup.routes.ts';

describe('POST /api/public/nip with the embedded sample registry', () => {
  let t: TestApp;
  let csrf: Awaited<ReturnType<typeof csrfHeaders>>;
  beforeAll(async () => {
    t = await createTestApp();
    csrf = await csrfHeaders(t.app);
  });
  afterAll(() => t.close());

  const lookup = (nip: unknown, headers: Record<string, string> = csrf, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/public/nip', headers, payload: { nip }, remoteAddress: ip });

  it('every sample company has a valid NIP, and one of them is a law firm', () => {
    const nips = Object.keys(SAMPLE_COMPANIES);
    expect(nips.length).toBeGreaterThanOrEqual(10);
    for (const nip of nips) expect(isValidNip(nip), nip).toBe(true);
    expect(Object.values(SAMPLE_COMPANIES).some((c) => /KANCELARIA/.test(c.name))).toBe(true);
  });

  it('answers the company, normalising PL, spaces and dashes', async () => {
    for (const typed of ['7792364275', 'PL 779-236-42-75', 'pl7792364275']) {
      const response = await lookup(typed);
      expect(response.statusCode, typed).toBe(200);
      expect(response.json()).toEqual({
        data: {
          name: 'KANCELARIA ADWOKACKA NOWAK I WSPÓLNICY SPÓŁKA PARTNERSKA',
          street: 'ul. Święty Marcin',
          propertyNumber: '29',
          apartmentNumber: '8',
          city: 'Poznań',
          zipCode: '61-806',
        },
      });
    }
  });

  it('sends the JSON content type and only the fields of the response schema', async () => {
    const response = await lookup('7792364275');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Object.keys(response.json().data).sort()).toEqual([
      'apartmentNumber',
      'city',
      'name',
      'propertyNumber',
      'street',
      'zipCode',
    ]);
  });

  it('answers 404 company.not_found for a valid but unknown NIP', async () => {
    const response = await lookup('5261045926');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'company.not_found' });
  });

  it('answers 400 with the field key for a bad NIP', async () => {
    const cases: [unknown, string][] = [
      ['7792364276', 'validation.nipChecksum'],
      ['123', 'validation.nipDigits'],
      ['', 'validation.nipRequired'],
      [undefined, 'validation.nipRequired'],
    ];
    for (const [nip, key] of cases) {
      const response = await lookup(nip);
      expect(response.statusCode, String(nip)).toBe(400);
      expect(response.json(), String(nip)).toMatchObject({ code: 'validation.failed', errors: { nip: key } });
    }
  });

  it('refuses a cookie-only request without the anti-forgery header', async () => {
    const response = await lookup('7792364275', { cookie: csrf.cookie });
    expect(response.statusCode).toBe(403);
  });

  it('limits lookups per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await lookup('7792364275', csrf, '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    // another address is unaffected
    expect((await lookup('7792364275', csrf, '10.9.9.10')).statusCode).toBe(200);
  });
});

describe("the NIP answer's JSON (decision 063)", () => {
  const serializer = serializerCompiler({
    schema: dataOf(companyLookupDtoSchema),
    method: 'POST',
    url: '/api/public/nip',
  } as never) as (data: unknown) => string;

  it("is the bytes Fastify's serializer writes for the route's response schema", () => {
    const answerJson = createNipAnswerJson();
    for (const company of Object.values(SAMPLE_COMPANIES)) {
      expect(answerJson(company)).toBe(serializer(ok(company)));
    }
    const extra = { ...SAMPLE_COMPANIES['7792364275']!, regon: '123456789' } as CompanyLookupDto;
    expect(answerJson(extra)).toBe(serializer(ok(extra)));
    expect(answerJson(extra)).not.toContain('regon');
  });

  it('refuses an answer of the wrong shape as the serializer does, every time it is asked', () => {
    const answerJson = createNipAnswerJson();
    const wrong = { ...SAMPLE_COMPANIES['7792364275']!, zipCode: 61806 } as unknown as CompanyLookupDto;
    expect(() => serializer(ok(wrong))).toThrow(ResponseSerializationError);
    expect(() => answerJson(wrong)).toThrow(ResponseSerializationError);
    expect(() => answerJson(wrong)).toThrow(ResponseSerializationError);
  });

  it('the embedded registry answers one frozen object per NIP, so its JSON is made once', async () => {
    const registry = createSampleRegistry();
    const first = await registry.find('7792364275');
    expect(await registry.find('7792364275')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first).toEqual(SAMPLE_COMPANIES['7792364275']);
    expect(await registry.find('5261045926')).toBeNull();
  });

  it('gives the same bytes for the same company object, and a changed copy is checked anew', () => {
    const answerJson = createNipAnswerJson();
    const company = { ...SAMPLE_COMPANIES['7792364275']! };
    const first = answerJson(company);
    expect(answerJson(company)).toBe(first);
    const renamed = { ...company, name: 'INNA NAZWA' };
    expect(answerJson(renamed)).toContain('INNA NAZWA');
  });
});

describe('GUS REGON BIR1.1 adapter against a local fake of the SOAP service', () => {
  let gus: FakeGus;
  const clock = createTestClock(new Date('2026-03-02T10:00:00Z'));
  beforeAll(async () => {
    gus = await startFakeGus();
    gus.companies.set('5252987310', {
      nip: '5252987310',
      regon: '529873419',
      name: 'SUBSTYTUT SPÓŁKA Z O.O. & "PARTNERZY"',
      street: 'ul. Prosta',
      propertyNumber: '20',
      apartmentNumber: '4',
      city: 'Warszawa',
      zipCode: '00-850',
    });
  });
  afterAll(() => gus.close());
  beforeEach(() => {
    gus.calls.length = 0;
    gus.searchDelayMs = 0;
  });

  const adapter = (options: { apiKey?: string; timeoutMs?: number } = {}) =>
    createGusBirLookup({
      apiKey: options.apiKey ?? gus.apiKey,
      url: gus.url,
      clock,
      timeoutMs: options.timeoutMs ?? 2000,
    });
  const actions = () => gus.calls.map((c) => c.action.split('/').pop());

  it('logs in once, sends the sid header, and reads the company (entities decoded)', async () => {
    const lookup = adapter();
    expect(await lookup.find('5252987310')).toEqual({
      name: 'SUBSTYTUT SPÓŁKA Z O.O. & "PARTNERZY"',
      street: 'ul. Prosta',
      propertyNumber: '20',
      apartmentNumber: '4',
      city: 'Warszawa',
      zipCode: '00-850',
    });
    expect(actions()).toEqual(['Zaloguj', 'DaneSzukajPodmioty']);
    expect(gus.calls[1]?.sid).toMatch(/^[0-9a-f]{20}$/);
  });

  it('caches answers for 24 hours', async () => {
    const lookup = adapter();
    await lookup.find('5252987310');
    await lookup.find('5252987310');
    expect(actions()).toEqual(['Zaloguj', 'DaneSzukajPodmioty']);
    clock.advance(24 * 60 * 60 * 1000 + 1);
    await lookup.find('5252987310');
    expect(actions()).toEqual(['Zaloguj', 'DaneSzukajPodmioty', 'DaneSzukajPodmioty']);
  });

  it('answers null for an unknown NIP (GetValue code 4)', async () => {
    const lookup = adapter();
    expect(await lookup.find('7792364275')).toBeNull();
    expect(actions()).toEqual(['Zaloguj', 'DaneSzukajPodmioty', 'GetValue']);
  });

  it('logs in again when the session expired, then answers', async () => {
    const lookup = adapter();
    await lookup.find('5252987310');
    lookup.clearCache();
    gus.expireSessions();
    gus.calls.length = 0;
    const company = await lookup.find('5252987310');
    expect(company?.zipCode).toBe('00-850');
    expect(actions()).toEqual(['DaneSzukajPodmioty', 'GetValue', 'Zaloguj', 'DaneSzukajPodmioty']);
    expect(gus.calls[3]?.sid).not.toBe(gus.calls[0]?.sid);
  });

  it('gives up with CompanyLookupUnavailableError when the service hangs past the timeout', async () => {
    const lookup = adapter({ timeoutMs: 150 });
    gus.searchDelayMs = 1500;
    await expect(lookup.find('5252987310')).rejects.toBeInstanceOf(CompanyLookupUnavailableError);
  });

  it('reports a refused key as unavailable', async () => {
    await expect(adapter({ apiKey: 'wrong-key' }).find('5252987310')).rejects.toBeInstanceOf(
      CompanyLookupUnavailableError,
    );
  });

  it('decodes numeric and named XML entities', () => {
    expect(decodeXmlEntities('&lt;a&gt; &amp;amp; &#322;&#x15B;')).toBe('<a> &amp; łś');
  });
});

describe('POST /api/public/nip with GUS_API_KEY set', () => {
  let gus: FakeGus;
  let t: TestApp;
  beforeAll(async () => {
    gus = await startFakeGus();
    gus.companies.set('5833184268', {
      nip: '5833184268',
      regon: '220000000',
      name: 'BAŁTYCKA SPEDYCJA',
      street: 'ul. Hryniewickiego',
      propertyNumber: '6',
      apartmentNumber: '',
      city: 'Gdynia',
      zipCode: '81-340',
    });
    t = await createTestApp({ env: { GUS_API_KEY: gus.apiKey, GUS_API_URL: gus.url } });
  });
  afterAll(async () => {
    await t.close();
    await gus.close().catch(() => undefined);
  });

  it('answers from GUS, 404 for an unknown NIP and 503 when GUS is down', async () => {
    const csrf = await csrfHeaders(t.app);
    const ask = (nip: string) =>
      t.app.inject({ method: 'POST', url: '/api/public/nip', headers: csrf, payload: { nip } });
    const found = await ask('583-318-42-68');
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toMatchObject({
      name: 'BAŁTYCKA SPEDYCJA',
      apartmentNumber: '',
      city: 'Gdynia',
    });
    // A sample-registry NIP is not in this GUS: the sample registry is not used.
    expect((await ask('7792364275')).json()).toMatchObject({ code: 'company.not_found' });
    await gus.close();
    const down = await ask('9512501170');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'company.lookup_unavailable' });
  });
});
