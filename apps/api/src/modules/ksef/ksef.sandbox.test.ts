import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleInvoiceXml } from '../../../test/ksef-helpers.ts';
import { createTestClock } from '../../../test/test-clock.ts';
import { loadConfig } from '../app/config.ts';
import { createStorage } from '../storage/index.ts';
import { isKsefNumber, sha256Base64 } from './ksef.crypto.ts';
import { createKsefPort } from './index.ts';
import { KsefAuthError, KsefUnavailableError } from './ksef.port.ts';
import { createKsefSandbox, SANDBOX_RECEIVER } from './ksef.sandbox.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'substytut-ksef-sandbox-'));
const config = loadConfig({ DATA_DIR: dataDir });
const storage = createStorage(config);
const clock = createTestClock('2026-04-01T22:30:00.000Z'); // already 2 April in Warsaw
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('KSeF sandbox', () => {
  it('is the default adapter, and KSEF_ENV picks the API 2.0 client', () => {
    expect(createKsefPort(config, { storage, clock }).environment).toBe('sandbox');
    const real = createKsefPort(loadConfig({ DATA_DIR: dataDir, KSEF_ENV: 'demo' }), { storage, clock });
    expect(real.environment).toBe('demo');
  });

  it('numbers like KSeF for the Warsaw day, marks its UPO, and still answers after a restart', async () => {
    const sandbox = createKsefSandbox({ storage, clock });
    const auth = await sandbox.authenticate({ nip: '5265877635', token: 'any' });
    const session = await sandbox.openSession(auth);
    const { invoiceReference } = await sandbox.sendInvoice(session, {
      xml: sampleInvoiceXml({ number: 'S/1' }),
    });
    await sandbox.closeSession(session);

    const restarted = createKsefSandbox({ storage, clock });
    const status = await restarted.invoiceStatus(auth, session.referenceNumber, invoiceReference);
    expect(status.state).toBe('accepted');
    if (status.state !== 'accepted') return;
    expect(status.ksefNumber).toMatch(/^5265877635-20260402-/);
    expect(isKsefNumber(status.ksefNumber)).toBe(true);
    expect(status.upoXml).toContain(SANDBOX_RECEIVER);
    expect(status.upoXml).toContain('<!-- SANDBOX');
    expect(status.upoXml).toContain('<NumerFaktury>S/1</NumerFaktury>');
  });

  it('answers a number the NIP already used with KSeF’s duplicate (440) and the first invoice’s facts, never an acceptance', async () => {
    const sandbox = createKsefSandbox({ storage, clock });
    const auth = await sandbox.authenticate({ nip: '5265877635', token: 'any' });
    const session = await sandbox.openSession(auth);
    const first = await sandbox.sendInvoice(session, { xml: sampleInvoiceXml({ number: 'D/1' }) });
    const other = sampleInvoiceXml({ number: 'D/1' }).replace('Jan Kowalski', 'Anna Nowak');
    const second = await sandbox.sendInvoice(session, { xml: other });
    const original = await sandbox.invoiceStatus(auth, session.referenceNumber, first.invoiceReference);
    const duplicate = await sandbox.invoiceStatus(auth, session.referenceNumber, second.invoiceReference);
    expect(original.state).toBe('accepted');
    expect(duplicate).toMatchObject({
      state: 'duplicate',
      code: 440,
      description: 'Duplikat faktury',
      ksefNumber: original.state === 'accepted' ? original.ksefNumber : '',
    });
    // The UPO is the first file's: its hash is not the second file's.
    expect(duplicate.state === 'duplicate' && duplicate.upoXml).toContain(
      `<SkrotDokumentu>${sha256Base64(Buffer.from(sampleInvoiceXml({ number: 'D/1' }), 'utf8'))}</SkrotDokumentu>`,
    );
  });

  it('rejects an invoice of another seller than the session’s NIP, and refuses an empty token', async () => {
    const sandbox = createKsefSandbox({ storage, clock });
    await expect(sandbox.authenticate({ nip: '5265877635', token: ' ' })).rejects.toBeInstanceOf(
      KsefAuthError,
    );
    const auth = await sandbox.authenticate({ nip: '1234563218', token: 't' });
    const session = await sandbox.openSession(auth);
    const { invoiceReference } = await sandbox.sendInvoice(session, {
      xml: sampleInvoiceXml({ nip: '5265877635' }),
    });
    expect(await sandbox.invoiceStatus(auth, session.referenceNumber, invoiceReference)).toMatchObject({
      state: 'rejected',
      code: 410,
    });
  });

  it('fails every call like an unreachable KSeF during a simulated outage', async () => {
    const sandbox = createKsefSandbox({ storage, clock, outage: true });
    await expect(sandbox.authenticate({ nip: '5265877635', token: 't' })).rejects.toBeInstanceOf(
      KsefUnavailableError,
    );
    sandbox.setOutage(false);
    await expect(sandbox.authenticate({ nip: '5265877635', token: 't' })).resolves.toMatchObject({
      nip: '5265877635',
    });
  });
});
