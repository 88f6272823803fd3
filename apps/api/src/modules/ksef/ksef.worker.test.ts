import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeKsef, type FakeKsef } from '../../../test/fake-ksef.ts';
import {
  createEmptyPgDatabase,
  createSeed,
  createTestDatabase,
  migrationsDir,
} from '../../../test/helpers.ts';
import { sampleInvoiceXml } from '../../../test/ksef-helpers.ts';
import { createTestClock } from '../../../test/test-clock.ts';
import { openDatabase, type Database, type Db } from '../../db/client.ts';
import { invoices, invoiceSettings, ksefOutbox } from '../../db/schema.ts';
import { loadConfig } from '../app/config.ts';
import { sealSecret } from '../app/token-crypto.ts';
import { createStorage } from '../storage/index.ts';
import type { Storage } from '../storage/storage.ts';
import { createKsefClient } from './ksef.client.ts';
import { enqueueKsefSend, retryKsefSend } from './ksef.outbox.ts';
import type { KsefPort } from './ksef.port.ts';
import { createKsefSandbox, SANDBOX_RECEIVER, type KsefSandbox } from './ksef.sandbox.ts';
import { createKsefWorker, ksefRetryDelayMs, upoStorageKey } from './ksef.worker.ts';
import { isKsefNumber } from './ksef.crypto.ts';
import { invoiceFacts } from './ksef.xml.ts';

const SECRETS_KEY = randomBytes(32);
const clock = createTestClock('2026-04-01T09:00:00.000Z');
const logLines: string[] = [];
const log = {
  info: (obj: object, msg: string) => logLines.push(JSON.stringify({ level: 'info', ...obj, msg })),
  warn: (obj: object, msg: string) => logLines.push(JSON.stringify({ level: 'warn', ...obj, msg })),
  error: (obj: object, msg: string) => logLines.push(JSON.stringify({ level: 'error', ...obj, msg })),
};

// Two handles on one database: two app instances. On PostgreSQL (TEST_DATABASE_URL) they are two
// connection pools; the embedded PGlite has one connection, so both share it.
let first: Database;
let second: Database;
let dropDatabase: (() => Promise<void>) | undefined;
let db: Db;
let storage: Storage;
let dataDir: string;
let sandbox: KsefSandbox;
let fake: FakeKsef;

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const created = await createEmptyPgDatabase(serverUrl, 'substytut_ksef');
    first = await openDatabase({ databaseUrl: created.url, migrationsDir });
    second = await openDatabase({ databaseUrl: created.url, migrationsDir });
    dropDatabase = created.drop;
  } else {
    first = await createTestDatabase();
    second = first;
  }
  db = first.db;
  dataDir = mkdtempSync(path.join(tmpdir(), 'substytut-ksef-'));
  storage = createStorage(loadConfig({ DATA_DIR: dataDir }));
  sandbox = createKsefSandbox({ storage, clock });
  fake = await startFakeKsef();
});
afterAll(async () => {
  await fake?.close();
  if (second !== first) await second?.close();
  await first?.close();
  await dropDatabase?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
afterEach(async () => {
  sandbox.setOutage(false);
  logLines.length = 0;
  // Each test starts with an empty queue.
  await db.delete(ksefOutbox);
});

let seeder: ReturnType<typeof createSeed> | undefined;
const seed = () => (seeder ??= createSeed(db, clock));
let counter = 0;

/** A lawyer who lets the product issue invoices with their KSeF token (sealed, as the billing tab stores it). */
async function lawyer(token = `token-${randomBytes(6).toString('hex')}`) {
  const profile = await seed().profile();
  await db.insert(invoiceSettings).values({
    profileId: profile.id,
    mode: 'issue',
    ksefTokenEncrypted: sealSecret(token, SECRETS_KEY),
    ksefTokenSetAt: clock.now(),
  });
  return { profileId: profile.id, token };
}

/** An issued invoice queued for KSeF in the transaction that issues it. */
async function issue(profileId: number | null, options: { nip?: string; xml?: string } = {}) {
  counter += 1;
  const offerOwner = profileId ?? (await seed().profile()).id;
  const offer = await seed().offer({ profileId: offerOwner, status: 'payed' });
  const number = `FV/${counter}/2026`;
  const xml = options.xml ?? sampleInvoiceXml({ nip: options.nip ?? '5265877635', number });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(invoices)
      .values({
        profileId,
        offerId: offer.id,
        kind: 'ZAL',
        series: 'FV',
        seq: counter,
        number,
        issueDate: '2026-04-01',
        eventDate: '2026-04-01',
        netGrosze: 10_000,
        vatGrosze: 2_300,
        grossGrosze: 12_300,
        xml,
        sha256: createHash('sha256').update(xml).digest('hex'),
        mode: 'issue',
        ksefStatus: 'prepared',
      })
      .returning();
    if (!row) throw new Error('no invoice');
    await enqueueKsefSend(tx, row.id, clock.now());
    return row;
  });
}

/** Counts each invoice's uploads (by its number), whoever sends it. */
function counting(port: KsefPort) {
  const uploads = new Map<string, number>();
  const counted: KsefPort = {
    ...port,
    async sendInvoice(session, invoice) {
      const number = invoiceFacts(invoice.xml).invoiceNumber ?? '';
      uploads.set(number, (uploads.get(number) ?? 0) + 1);
      return port.sendInvoice(session, invoice);
    },
  };
  return { port: counted, uploads };
}

function worker(port: KsefPort, on: Db = db) {
  return createKsefWorker({
    db: on,
    port,
    storage,
    clock,
    secretsKey: SECRETS_KEY,
    platformToken: null,
    log,
  });
}

const invoiceRow = async (id: number) => (await db.select().from(invoices).where(eq(invoices.id, id)))[0];
const outboxRow = async (id: number) =>
  (await db.select().from(ksefOutbox).where(eq(ksefOutbox.invoiceId, id)))[0];

async function readStored(key: string): Promise<string> {
  const object = await storage.get(key);
  if (!object) throw new Error(`nothing stored at ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('enqueueKsefSend', () => {
  it('queues the invoice with the transaction that issues it, once', async () => {
    const { profileId } = await lawyer();
    const invoice = await issue(profileId);
    expect((await invoiceRow(invoice.id))?.ksefStatus).toBe('queued');
    await enqueueKsefSend(db, invoice.id);
    expect(await db.select().from(ksefOutbox).where(eq(ksefOutbox.invoiceId, invoice.id))).toHaveLength(1);
    await expect(
      db.transaction(async (tx) => {
        await enqueueKsefSend(tx, invoice.id + 10_000);
      }),
    ).rejects.toThrow(); // the foreign key: no queue entry without its invoice
  });
});

describe('KSeF outbox worker', () => {
  it('sends a queued invoice through the sandbox and writes back its KSeF number and the sandbox UPO', async () => {
    const { profileId } = await lawyer();
    const invoice = await issue(profileId);
    expect(await worker(sandbox).runOnce()).toBe(1);

    const row = await invoiceRow(invoice.id);
    expect(row).toMatchObject({ ksefStatus: 'accepted', ksefError: null, upoKey: upoStorageKey(invoice.id) });
    expect(isKsefNumber(row?.ksefNumber ?? '')).toBe(true);
    expect(row?.ksefNumber?.startsWith('5265877635-20260401-')).toBe(true);
    const upo = await readStored(upoStorageKey(invoice.id));
    expect(upo).toContain(SANDBOX_RECEIVER);
    expect(upo).toContain(`<NumerKSeFDokumentu>${row?.ksefNumber}</NumerKSeFDokumentu>`);
    expect(upo).toContain(`<NumerFaktury>${invoice.number}</NumerFaktury>`);
    expect(await outboxRow(invoice.id)).toMatchObject({ state: 'done', lastError: null });
    // Nothing is sent again.
    expect(await worker(sandbox).runOnce()).toBe(0);
  });

  it('survives a KSeF outage: retries with backoff, keeps the invoice, and sends it exactly once', async () => {
    const { profileId } = await lawyer();
    const invoice = await issue(profileId);
    const { port, uploads } = counting(sandbox);
    const w = worker(port);

    sandbox.setOutage(true);
    expect(await w.runOnce()).toBe(0);
    let queued = await outboxRow(invoice.id);
    expect(queued).toMatchObject({ state: 'pending', attempts: 1 });
    expect(queued?.lastError).toContain('outage');
    expect(queued?.nextAttemptAt.getTime()).toBe(clock.now().getTime() + ksefRetryDelayMs(1));
    // The lawyer sees it is still on its way, and why.
    expect(await invoiceRow(invoice.id)).toMatchObject({ ksefStatus: 'queued', ksefNumber: null });
    expect((await invoiceRow(invoice.id))?.ksefError).toContain('outage');

    // Not due before its backoff.
    clock.advance(ksefRetryDelayMs(1) - 1000);
    expect(await w.runOnce()).toBe(0);
    expect((await outboxRow(invoice.id))?.attempts).toBe(1);

    clock.advance(1000);
    expect(await w.runOnce()).toBe(0);
    queued = await outboxRow(invoice.id);
    expect(queued).toMatchObject({ state: 'pending', attempts: 2 });
    expect(queued?.nextAttemptAt.getTime()).toBe(clock.now().getTime() + ksefRetryDelayMs(2));
    expect(ksefRetryDelayMs(2)).toBeGreaterThan(ksefRetryDelayMs(1));

    sandbox.setOutage(false);
    clock.advance(ksefRetryDelayMs(2));
    expect(await w.runOnce()).toBe(1);
    expect(await invoiceRow(invoice.id)).toMatchObject({ ksefStatus: 'accepted', ksefError: null });
    expect(uploads.get(invoice.number)).toBe(1);

    clock.advance(24 * 3600_000);
    expect(await w.runOnce()).toBe(0);
    expect(uploads.get(invoice.number)).toBe(1);
  });

  it('never gives up: the backoff stops growing at an hour', () => {
    expect(ksefRetryDelayMs(1)).toBe(30_000);
    expect(ksefRetryDelayMs(50)).toBe(3600_000);
  });

  it('does not number an invoice twice when KSeF took the upload but the worker died before recording it', async () => {
    const { profileId } = await lawyer();
    const invoice = await issue(profileId);
    let firstUpload: { session: string; reference: string } | undefined;
    const dying: KsefPort = {
      ...sandbox,
      async sendInvoice(session, toSend) {
        const sent = await sandbox.sendInvoice(session, toSend);
        if (!firstUpload) {
          firstUpload = { session: session.referenceNumber, reference: sent.invoiceReference };
          throw new Error('worker died after the upload');
        }
        return sent;
      },
    };
    const w = worker(dying);
    expect(await w.runOnce()).toBe(0);
    clock.advance(ksefRetryDelayMs(1));
    expect(await w.runOnce()).toBe(1);

    // The second upload got KSeF's answer for a duplicate: the first upload's number.
    const auth = await sandbox.authenticate({ nip: '5265877635', token: 'x' });
    if (!firstUpload) throw new Error('no first upload');
    const original = await sandbox.invoiceStatus(auth, firstUpload.session, firstUpload.reference);
    expect(original.state).toBe('accepted');
    expect((await invoiceRow(invoice.id))?.ksefNumber).toBe(
      original.state === 'accepted' ? original.ksefNumber : '',
    );
  });

  it('sends each invoice exactly once with two instances working the same outbox', async () => {
    const { profileId } = await lawyer();
    const other = await lawyer();
    const issued = [];
    for (let i = 0; i < 4; i += 1) issued.push(await issue(i % 2 === 0 ? profileId : other.profileId));
    const { port, uploads } = counting(sandbox);

    const settled = await Promise.all([worker(port, first.db).runOnce(), worker(port, second.db).runOnce()]);
    expect(settled[0] + settled[1]).toBe(4);
    for (const invoice of issued) {
      expect(uploads.get(invoice.number)).toBe(1);
      expect((await invoiceRow(invoice.id))?.ksefStatus).toBe('accepted');
    }
  });

  it('takes over an invoice whose worker died mid-send once its lease ends, and the late worker changes nothing', async () => {
    const { profileId } = await lawyer();
    const invoice = await issue(profileId);
    let reached!: () => void;
    const claimed = new Promise<void>((resolve) => (reached = resolve));
    let release!: (error: Error) => void;
    const hanging: KsefPort = {
      ...sandbox,
      authenticate: () => {
        reached();
        return new Promise((_resolve, reject) => (release = reject));
      },
    };
    const stuck = worker(hanging).runOnce();
    await claimed;

    // Another instance does not touch it while the lease holds…
    expect(await worker(sandbox).runOnce()).toBe(0);
    // …and sends it once the lease is over.
    clock.advance(5 * 60_000 + 1);
    expect(await worker(sandbox).runOnce()).toBe(1);
    const accepted = await invoiceRow(invoice.id);
    expect(accepted?.ksefStatus).toBe('accepted');

    release(new Error('the stuck worker wakes up failing'));
    await stuck;
    expect(await invoiceRow(invoice.id)).toMatchObject({
      ksefStatus: 'accepted',
      ksefError: null,
      ksefNumber: accepted?.ksefNumber,
    });
    expect(await outboxRow(invoice.id)).toMatchObject({ state: 'done', lastError: null });
  });

  it('writes KSeF’s rejection back for the lawyer to see, and sends it again when asked to retry', async () => {
    const { profileId } = await lawyer();
    const bad = await issue(profileId, {
      xml: '<Faktura><Podmiot1><NIP>5265877635</NIP></Podmiot1><Fa><P_2>X/1</P_2></Fa></Faktura>',
    });
    expect(await worker(sandbox).runOnce()).toBe(1);
    const rejected = await invoiceRow(bad.id);
    expect(rejected?.ksefStatus).toBe('rejected');
    expect(rejected?.ksefError).toMatch(/^450 /);
    expect(await outboxRow(bad.id)).toMatchObject({ state: 'done' });

    expect(await retryKsefSend(db, bad.id, clock.now())).toBe(true);
    expect(await invoiceRow(bad.id)).toMatchObject({ ksefStatus: 'queued', ksefError: null });
    expect(await outboxRow(bad.id)).toMatchObject({ state: 'pending', invoiceReference: null });
    expect(await worker(sandbox).runOnce()).toBe(1);

    const good = await issue(profileId);
    await worker(sandbox).runOnce();
    expect(await retryKsefSend(db, good.id, clock.now())).toBe(false); // accepted: never again
  });

  it('records KSeF’s duplicate (440) of another invoice under the same number as a refusal with its code, never as accepted', async () => {
    const { profileId } = await lawyer();
    const other = await lawyer();
    const nip = '5213003700';
    const number = `FV/DUP-${randomBytes(3).toString('hex')}/2026`;
    // Two advocates of one firm, numbered the old way: both issued the same number.
    const firstXml = sampleInvoiceXml({ nip, number });
    const secondXml = firstXml.replace('Jan Kowalski', 'Anna Nowak');
    const one = await issue(profileId, { xml: firstXml });
    expect(await worker(sandbox).runOnce()).toBe(1);
    const two = await issue(other.profileId, { xml: secondXml });
    expect(await worker(sandbox).runOnce()).toBe(1);

    const accepted = await invoiceRow(one.id);
    const refused = await invoiceRow(two.id);
    expect(accepted).toMatchObject({ ksefStatus: 'accepted', ksefErrorCode: null });
    expect(refused).toMatchObject({
      ksefStatus: 'rejected',
      ksefNumber: null,
      upoKey: null,
      ksefErrorCode: 440,
    });
    expect(refused?.ksefError).toMatch(/^440 Duplikat faktury/);
    expect(refused?.ksefError).toContain('skrót dokumentu');
    expect(await outboxRow(two.id)).toMatchObject({ state: 'done' });
  });

  it('does not take an acceptance whose UPO confirms another file as this invoice’s', async () => {
    const { profileId } = await lawyer();
    const invoice = await issue(profileId);
    const elsewhere: KsefPort = {
      ...sandbox,
      async invoiceStatus(auth, session, reference) {
        const status = await sandbox.invoiceStatus(auth, session, reference);
        if (status.state !== 'accepted') return status;
        return {
          ...status,
          upoXml: status.upoXml.replace(/<SkrotDokumentu>[^<]*</, '<SkrotDokumentu>AAAA<'),
        };
      },
    };
    expect(await worker(elsewhere).runOnce()).toBe(1);
    expect(await invoiceRow(invoice.id)).toMatchObject({
      ksefStatus: 'rejected',
      ksefNumber: null,
      ksefErrorCode: 200,
    });
    expect((await invoiceRow(invoice.id))?.ksefError).toContain('UPO');
  });

  it('keeps the platform’s own invoice waiting, with the reason, while no operator token is set', async () => {
    const invoice = await issue(null);
    expect(await worker(sandbox).runOnce()).toBe(0);
    expect(await outboxRow(invoice.id)).toMatchObject({ state: 'pending', attempts: 1 });
    expect((await invoiceRow(invoice.id))?.ksefError).toContain('KSEF_PLATFORM_TOKEN');
  });
});

describe('the lawyer’s KSeF token', () => {
  afterEach(() => {
    fake.tokens.clear();
    fake.receivedTokens.length = 0;
    fake.echoTokenInErrors = false;
  });

  it('is opened only inside the worker, reaches KSeF encrypted, and is never logged or stored in the clear', async () => {
    const client = createKsefClient({
      environment: 'test',
      apiUrl: fake.url,
      sleep: async () => undefined,
      clock,
    });
    const nip = '1234563218';
    const { profileId, token } = await lawyer();
    fake.tokens.set(nip, token);
    fake.processingChecks = 1;
    const invoice = await issue(profileId, { nip });
    const w = worker(client);

    // Still processing after the upload: sent, asked again soon.
    expect(await w.runOnce()).toBe(0);
    expect(await invoiceRow(invoice.id)).toMatchObject({ ksefStatus: 'sent' });
    clock.advance(10_000);
    expect(await w.runOnce()).toBe(1);
    fake.processingChecks = 0;

    const row = await invoiceRow(invoice.id);
    expect(row?.ksefStatus).toBe('accepted');
    expect(row?.ksefNumber?.startsWith(`${nip}-`)).toBe(true);
    // One authentication: the second pass reuses KSeF's access token and opens no KSeF token.
    expect(fake.receivedTokens).toEqual([token]);
    expect(fake.calls.filter((call) => call === 'POST /auth/ksef-token')).toHaveLength(1);
    expect(fake.invoices.filter((i) => i.nip === nip).map((i) => i.xml)).toEqual([invoice.xml]);

    const stored = JSON.stringify([
      await db.select().from(invoiceSettings).where(eq(invoiceSettings.profileId, profileId)),
      await db.select().from(invoices).where(eq(invoices.id, invoice.id)),
      await db.select().from(ksefOutbox).where(eq(ksefOutbox.invoiceId, invoice.id)),
    ]);
    expect(stored).not.toContain(token);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(token);
  });

  it('is kept out of the error the lawyer sees and the log even when KSeF’s answer repeats it', async () => {
    const client = createKsefClient({
      environment: 'test',
      apiUrl: fake.url,
      sleep: async () => undefined,
      clock,
    });
    const nip = '7010002137';
    const { profileId, token } = await lawyer();
    fake.tokens.set(nip, 'another-token');
    fake.echoTokenInErrors = true;
    const invoice = await issue(profileId, { nip });

    expect(await worker(client).runOnce()).toBe(0);
    expect(fake.receivedTokens).toEqual([token]);
    const row = await invoiceRow(invoice.id);
    expect(row?.ksefStatus).toBe('queued');
    expect(row?.ksefError).toContain('450');
    expect(row?.ksefError).toContain('[token]');
    expect(row?.ksefError).not.toContain(token);
    expect((await outboxRow(invoice.id))?.lastError).not.toContain(token);
    expect(logLines.join('\n')).toContain('[token]');
    expect(logLines.join('\n')).not.toContain(token);
  });
});
