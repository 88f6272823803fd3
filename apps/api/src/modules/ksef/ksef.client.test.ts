import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeKsef, type FakeKsef } from '../../../test/fake-ksef.ts';
import { sampleInvoiceXml } from '../../../test/ksef-helpers.ts';
import { createKsefClient } from './ksef.client.ts';
import { notThisFile } from './ksef.worker.ts';
import { isKsefNumber } from './ksef.crypto.ts';
import { KsefAuthError, KsefUnavailableError, type KsefPort } from './ksef.port.ts';

const NIP = '5265877635';
const TOKEN = '20260401-EC-0123456789-ABCDEF0123-45|nip-5265877635|0123456789abcdef';

let fake: FakeKsef;
let client: KsefPort;

beforeAll(async () => {
  fake = await startFakeKsef();
  client = createKsefClient({ environment: 'test', apiUrl: fake.url, sleep: async () => undefined });
});
afterAll(async () => {
  await fake?.close();
});
afterEach(() => {
  fake.outage = false;
  fake.processingChecks = 0;
  fake.pendingAuthChecks = 0;
  fake.tokens.clear();
  fake.receivedTokens.length = 0;
  fake.duplicateExtensions = true;
});

describe('KSeF API 2.0 client (against a local fake of the same contract)', () => {
  it('authenticates with the token, sends the encrypted invoice and reads its KSeF number and UPO', async () => {
    fake.tokens.set(NIP, TOKEN);
    fake.pendingAuthChecks = 1;
    fake.processingChecks = 1;
    const xml = sampleInvoiceXml({ nip: NIP, number: 'FV/1/2026' });

    const auth = await client.authenticate({ nip: NIP, token: TOKEN });
    expect(fake.receivedTokens).toEqual([TOKEN]);
    const session = await client.openSession(auth);
    const { invoiceReference } = await client.sendInvoice(session, { xml });
    // The fake decrypted the invoice with the session key it decrypted itself, and the hashes held.
    expect(fake.invoices.at(-1)?.xml).toBe(xml);

    expect(await client.invoiceStatus(auth, session.referenceNumber, invoiceReference)).toEqual({
      state: 'processing',
    });
    const status = await client.invoiceStatus(auth, session.referenceNumber, invoiceReference);
    expect(status.state).toBe('accepted');
    if (status.state !== 'accepted') return;
    expect(isKsefNumber(status.ksefNumber)).toBe(true);
    expect(status.ksefNumber.startsWith(`${NIP}-`)).toBe(true);
    expect(status.upoXml).toContain(`<NumerKSeFDokumentu>${status.ksefNumber}</NumerKSeFDokumentu>`);
    await client.closeSession(session);

    expect(fake.calls).toEqual(
      expect.arrayContaining([
        'GET /security/public-key-certificates',
        'POST /auth/challenge',
        'POST /auth/ksef-token',
        'POST /auth/token/redeem',
        'POST /sessions/online',
        `POST /sessions/online/${session.referenceNumber}/invoices`,
        `GET /sessions/${session.referenceNumber}/invoices/${invoiceReference}/upo`,
        `POST /sessions/online/${session.referenceNumber}/close`,
      ]),
    );
  });

  it.each([
    ['with', true, 'FV/2/2026'],
    ['without', false, 'FV/3/2026'],
  ])(
    'answers a second upload of the same invoice with KSeF’s 440 duplicate, the first KSeF number and a UPO naming this file (%s extensions)',
    async (_label, extensions, number) => {
      fake.tokens.set(NIP, TOKEN);
      fake.duplicateExtensions = extensions;
      const xml = sampleInvoiceXml({ nip: NIP, number });
      const auth = await client.authenticate({ nip: NIP, token: TOKEN });
      const first = await client.openSession(auth);
      const one = await client.sendInvoice(first, { xml });
      const firstStatus = await client.invoiceStatus(auth, first.referenceNumber, one.invoiceReference);
      const second = await client.openSession(auth);
      const two = await client.sendInvoice(second, { xml });
      const secondStatus = await client.invoiceStatus(auth, second.referenceNumber, two.invoiceReference);
      expect(firstStatus.state).toBe('accepted');
      expect(secondStatus).toMatchObject({
        state: 'duplicate',
        code: 440,
        ksefNumber: (firstStatus as { ksefNumber: string }).ksefNumber,
      });
      // The same file: the worker takes the first number as this invoice's.
      if (secondStatus.state !== 'duplicate') throw new Error('not a duplicate');
      expect(notThisFile(secondStatus, xml)).toBeNull();
    },
  );

  it('answers another invoice under a used number with a 440 duplicate that is not this file', async () => {
    fake.tokens.set(NIP, TOKEN);
    const xml = sampleInvoiceXml({ nip: NIP, number: 'FV/9/2026' });
    const other = xml.replace('Jan Kowalski', 'Anna Nowak');
    const auth = await client.authenticate({ nip: NIP, token: TOKEN });
    const session = await client.openSession(auth);
    const one = await client.sendInvoice(session, { xml });
    await client.invoiceStatus(auth, session.referenceNumber, one.invoiceReference);
    const two = await client.sendInvoice(session, { xml: other });
    const status = await client.invoiceStatus(auth, session.referenceNumber, two.invoiceReference);
    if (status.state !== 'duplicate') throw new Error(`expected a duplicate, got ${status.state}`);
    expect(notThisFile(status, other)).toMatchObject({ code: 440, description: 'Duplikat faktury' });
  });

  it('reports a rejected invoice with KSeF’s code and reason', async () => {
    fake.tokens.set(NIP, TOKEN);
    fake.rejectContaining = 'FV/BAD';
    try {
      const auth = await client.authenticate({ nip: NIP, token: TOKEN });
      const session = await client.openSession(auth);
      const { invoiceReference } = await client.sendInvoice(session, {
        xml: sampleInvoiceXml({ number: 'FV/BAD/1' }),
      });
      expect(await client.invoiceStatus(auth, session.referenceNumber, invoiceReference)).toMatchObject({
        state: 'rejected',
        code: 450,
        description: 'Błąd weryfikacji semantyki dokumentu faktury',
      });
    } finally {
      fake.rejectContaining = null;
    }
  });

  it('refuses a wrong token as an authentication error, an outage as unavailable', async () => {
    fake.tokens.set(NIP, TOKEN);
    await expect(client.authenticate({ nip: NIP, token: 'wrong' })).rejects.toBeInstanceOf(KsefAuthError);
    fake.outage = true;
    const error = await client.authenticate({ nip: NIP, token: TOKEN }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KsefUnavailableError);
    expect((error as KsefUnavailableError).status).toBe(503);
  });

  it('treats an unreachable server as unavailable', async () => {
    const nowhere = createKsefClient({
      environment: 'test',
      apiUrl: 'http://127.0.0.1:9/v2',
      timeoutMs: 2000,
    });
    await expect(nowhere.authenticate({ nip: NIP, token: TOKEN })).rejects.toBeInstanceOf(
      KsefUnavailableError,
    );
  });
});
