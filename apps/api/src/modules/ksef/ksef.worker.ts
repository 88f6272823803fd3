import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  invoices,
  invoiceSettings,
  ksefOutbox,
  type InvoiceRow,
  type KsefOutboxRow,
} from '../../db/schema.ts';
import type { Clock } from '../app/clock.ts';
import { openSecret } from '../app/token-crypto.ts';
import type { Storage } from '../storage/index.ts';
import {
  KsefAuthError,
  type KsefAuth,
  type KsefInvoiceStatus,
  type KsefPort,
  type KsefSession,
} from './ksef.port.ts';
import { sha256Base64 } from './ksef.crypto.ts';
import { invoiceFacts, upoFacts } from './ksef.xml.ts';
import { startPolling } from '../app/polling.ts';

// While a worker holds a row, it is pushed this far into the future; if the worker dies, the row
// becomes due again after the lease instead of being lost (the mail outbox's approach).
const LEASE_MS = 5 * 60_000;
const BATCH_SIZE = 20;
/** How soon to ask again about an invoice KSeF is still verifying. */
export const STATUS_POLL_MS = 10_000;

/** 30 s, 1 min, 2 min, … capped at 1 hour, and never giving up: an invoice must reach KSeF. */
export function ksefRetryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

export function upoStorageKey(invoiceId: number): string {
  return `private/ksef/upo/${invoiceId}.xml`;
}

export interface KsefWorkerOptions {
  db: Db;
  port: KsefPort;
  storage: Storage;
  clock: Clock;
  /** opens the lawyers' KSeF tokens (invoice_settings.ksef_token_encrypted); null: none can be opened */
  secretsKey: Buffer | null;
  /** the operator's token, for the platform's own fee invoices */
  platformToken: string | null;
  log?: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  intervalMs?: number;
  /**
   * Called in the transaction that records KSeF's acceptance (issue 34: the invoices feature mails
   * the accepted invoice to its payer), so the acceptance and what follows from it commit together.
   */
  onAccepted?: (tx: Tx, invoiceId: number) => Promise<void>;
}

export interface KsefWorker {
  /** Claims the due invoices and takes each one step further; resolves to how many got a verdict. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

type Claimed = KsefOutboxRow & { invoice: InvoiceRow };

async function claimDue(db: Db, now: Date): Promise<KsefOutboxRow[]> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ invoiceId: ksefOutbox.invoiceId })
      .from(ksefOutbox)
      .where(and(eq(ksefOutbox.state, 'pending'), lte(ksefOutbox.nextAttemptAt, now)))
      .orderBy(ksefOutbox.nextAttemptAt)
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(ksefOutbox)
      .set({ nextAttemptAt: leaseUntil, attempts: sql`${ksefOutbox.attempts} + 1` })
      .where(
        inArray(
          ksefOutbox.invoiceId,
          due.map((row) => row.invoiceId),
        ),
      )
      .returning();
  });
}

interface Refusal {
  code: number;
  description: string;
  details: string[];
}

/**
 * Why an acceptance or a duplicate answer does not confirm THIS file (issue 30), or null when it
 * does: its UPO must name this file's SHA-256 (SkrotDokumentu) and, where it says them, this
 * invoice's number and the KSeF number given. A duplicate whose UPO names no hash cannot be
 * told apart from another invoice under the same number, so it is not taken as this one.
 */
export function notThisFile(
  status: Extract<KsefInvoiceStatus, { state: 'accepted' | 'duplicate' }>,
  xml: string,
): Refusal | null {
  const upo = upoFacts(status.upoXml);
  const problems: string[] = [];
  const hash = sha256Base64(Buffer.from(xml, 'utf8'));
  if (upo.documentHash ? upo.documentHash !== hash : status.state === 'duplicate')
    problems.push(`UPO: skrót dokumentu ${upo.documentHash ?? '(brak)'} zamiast ${hash}`);
  const number = invoiceFacts(xml).invoiceNumber;
  if (upo.invoiceNumber && upo.invoiceNumber !== number)
    problems.push(`UPO: numer faktury ${upo.invoiceNumber} zamiast ${number ?? '(brak)'}`);
  if (upo.ksefNumber && upo.ksefNumber !== status.ksefNumber)
    problems.push(`UPO: numer KSeF ${upo.ksefNumber} zamiast ${status.ksefNumber}`);
  if (problems.length === 0) return null;
  if (status.state === 'duplicate') {
    // KSeF's own words first, then why the original is not this file.
    return { code: status.code, description: status.description, details: [...status.details, ...problems] };
  }
  return {
    code: 200,
    description: 'Potwierdzenie KSeF (UPO) nie dotyczy tej faktury',
    details: problems,
  };
}

/** A message fit for the database and the log: never the token, whatever an error carried. */
/** Marks the row done, once: false when another worker already did (it then wrote the verdict). */
async function finish(tx: Tx, invoiceId: number, now: Date, lastError: string | null): Promise<boolean> {
  const done = await tx
    .update(ksefOutbox)
    .set({ state: 'done', completedAt: now, lastError })
    .where(and(eq(ksefOutbox.invoiceId, invoiceId), eq(ksefOutbox.state, 'pending')))
    .returning({ invoiceId: ksefOutbox.invoiceId });
  return done.length > 0;
}

function describe(error: unknown, token: string | null): string {
  let message = error instanceof Error ? error.message : String(error);
  if (token) message = message.replaceAll(token, '[token]');
  return message.slice(0, 1000);
}

export function createKsefWorker(options: KsefWorkerOptions): KsefWorker {
  const { db, port, storage, clock, log } = options;

  /**
   * The token is opened here, inside the worker, only for the call that needs it, and is
   * dropped with this pass; it is never logged or stored in the clear.
   */
  async function tokenFor(profileId: number | null): Promise<string> {
    if (profileId === null) {
      if (!options.platformToken)
        throw new KsefAuthError('no KSEF_PLATFORM_TOKEN for the platform’s own invoices');
      return options.platformToken;
    }
    const [settings] = await db
      .select({ sealed: invoiceSettings.ksefTokenEncrypted })
      .from(invoiceSettings)
      .where(eq(invoiceSettings.profileId, profileId));
    if (!settings?.sealed) throw new KsefAuthError('the lawyer has no KSeF token set');
    if (!options.secretsKey)
      throw new KsefAuthError('SECRETS_KEY is not set: the KSeF token cannot be opened');
    try {
      return openSecret(settings.sealed, options.secretsKey);
    } catch {
      throw new KsefAuthError('the stored KSeF token cannot be opened with this SECRETS_KEY');
    }
  }

  async function fail(row: Claimed, error: unknown, token: string | null): Promise<void> {
    const message = describe(error, token);
    const now = clock.now();
    await db.transaction(async (tx) => {
      // Only while the row is still this worker's to retry: a worker that outlived its lease must
      // not undo what another one finished meanwhile.
      const still = await tx
        .update(ksefOutbox)
        .set({ lastError: message, nextAttemptAt: new Date(now.getTime() + ksefRetryDelayMs(row.attempts)) })
        .where(and(eq(ksefOutbox.invoiceId, row.invoiceId), eq(ksefOutbox.state, 'pending')))
        .returning({ invoiceId: ksefOutbox.invoiceId });
      // The lawyer sees why the invoice is still on its way (a token to replace, an outage).
      if (still.length > 0) {
        await tx
          .update(invoices)
          .set({ ksefError: message, updatedAt: now })
          .where(eq(invoices.id, row.invoiceId));
      }
    });
    log?.warn(
      {
        invoiceId: row.invoiceId,
        attempts: row.attempts,
        error: message,
        authentication: error instanceof KsefAuthError,
      },
      'ksef send failed; will retry',
    );
  }

  async function recordUpload(
    row: Claimed,
    sessionReference: string,
    invoiceReference: string,
  ): Promise<void> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx
        .update(ksefOutbox)
        .set({ sessionReference, invoiceReference, sentAt: now, lastError: null })
        .where(and(eq(ksefOutbox.invoiceId, row.invoiceId), isNull(ksefOutbox.invoiceReference)));
      await tx
        .update(invoices)
        .set({ ksefStatus: 'sent', ksefError: null, updatedAt: now })
        .where(and(eq(invoices.id, row.invoiceId), inArray(invoices.ksefStatus, ['prepared', 'queued'])));
    });
    row.sessionReference = sessionReference;
    row.invoiceReference = invoiceReference;
  }

  /** Asks KSeF for the verdict and writes it back; true when there is one. */
  async function settle(row: Claimed, auth: KsefAuth): Promise<boolean> {
    if (!row.sessionReference || !row.invoiceReference) throw new Error('settle before upload');
    const status = await port.invoiceStatus(auth, row.sessionReference, row.invoiceReference);
    const now = clock.now();
    if (status.state === 'processing') {
      await db
        .update(ksefOutbox)
        .set({ attempts: 0, lastError: null, nextAttemptAt: new Date(now.getTime() + STATUS_POLL_MS) })
        .where(eq(ksefOutbox.invoiceId, row.invoiceId));
      return false;
    }
    const refusal = status.state === 'rejected' ? status : notThisFile(status, row.invoice.xml);
    if (status.state !== 'rejected' && !refusal) {
      const key = upoStorageKey(row.invoiceId);
      await storage.put(key, Buffer.from(status.upoXml, 'utf8'), 'application/xml');
      await db.transaction(async (tx) => {
        if (!(await finish(tx, row.invoiceId, now, null))) return;
        await tx
          .update(invoices)
          .set({
            ksefStatus: 'accepted',
            ksefNumber: status.ksefNumber,
            upoKey: key,
            ksefError: null,
            ksefErrorCode: null,
            updatedAt: now,
          })
          .where(eq(invoices.id, row.invoiceId));
        await options.onAccepted?.(tx, row.invoiceId);
      });
      log?.info({ invoiceId: row.invoiceId, ksefNumber: status.ksefNumber }, 'ksef accepted the invoice');
      return true;
    }
    if (!refusal) return false; // unreachable: a rejection is its own refusal
    const reason =
      `${refusal.code} ${refusal.description}${refusal.details.length ? `: ${refusal.details.join('; ')}` : ''}`.slice(
        0,
        1000,
      );
    await db.transaction(async (tx) => {
      if (!(await finish(tx, row.invoiceId, now, reason))) return;
      await tx
        .update(invoices)
        .set({ ksefStatus: 'rejected', ksefError: reason, ksefErrorCode: refusal.code, updatedAt: now })
        .where(eq(invoices.id, row.invoiceId));
    });
    log?.warn({ invoiceId: row.invoiceId, code: refusal.code }, 'ksef rejected the invoice');
    return true;
  }

  /**
   * KSeF's access tokens, per seller, kept in this process's memory until shortly before they end:
   * a pass that only asks for a status needs no new authentication (and no opened KSeF token).
   */
  const accessTokens = new Map<string, KsefAuth>();

  /** One seller's invoices: one authentication, at most one session, closed at the end. */
  async function sendGroup(nip: string, profileId: number | null, rows: Claimed[]): Promise<number> {
    const cacheKey = `${profileId ?? 'platform'}:${nip}`;
    let token: string | null = null;
    let auth = accessTokens.get(cacheKey);
    if (!auth || auth.validUntil.getTime() - clock.now().getTime() < 60_000) {
      try {
        token = await tokenFor(profileId);
        auth = await port.authenticate({ nip, token });
        accessTokens.set(cacheKey, auth);
      } catch (error) {
        accessTokens.delete(cacheKey);
        for (const row of rows) await fail(row, error, token);
        return 0;
      }
    }
    let session: KsefSession | null = null;
    let settled = 0;
    for (const row of rows) {
      try {
        if (!row.invoiceReference) {
          session ??= await port.openSession(auth);
          const { invoiceReference } = await port.sendInvoice(session, { xml: row.invoice.xml });
          await recordUpload(row, session.referenceNumber, invoiceReference);
        }
        if (await settle(row, auth)) settled += 1;
      } catch (error) {
        // A refused access token (revoked, or the lawyer's permission withdrawn): authenticate anew next time.
        if (error instanceof KsefAuthError) accessTokens.delete(cacheKey);
        await fail(row, error, token);
      }
    }
    if (session) {
      // KSeF closes an idle session itself after 12 hours; a failed close loses nothing.
      await port
        .closeSession(session)
        .catch((error: unknown) => log?.warn({ error: describe(error, token) }, 'ksef session close failed'));
    }
    return settled;
  }

  async function runOnce(): Promise<number> {
    const claimed = await claimDue(db, clock.now());
    if (claimed.length === 0) return 0;
    const rows = await db
      .select()
      .from(invoices)
      .where(
        inArray(
          invoices.id,
          claimed.map((row) => row.invoiceId),
        ),
      );
    const byId = new Map(rows.map((invoice) => [invoice.id, invoice]));
    const groups = new Map<string, { nip: string; profileId: number | null; rows: Claimed[] }>();
    let settled = 0;
    for (const row of claimed) {
      const invoice = byId.get(row.invoiceId);
      if (!invoice) continue; // the foreign key keeps this from happening
      const claimedRow: Claimed = { ...row, invoice };
      const nip = invoiceFacts(invoice.xml).sellerNip;
      if (!nip) {
        await fail(claimedRow, new Error('the invoice XML names no seller NIP (Podmiot1)'), null);
        continue;
      }
      const groupKey = `${invoice.profileId ?? 'platform'}:${nip}`;
      const group = groups.get(groupKey) ?? { nip, profileId: invoice.profileId, rows: [] };
      group.rows.push(claimedRow);
      groups.set(groupKey, group);
    }
    for (const group of groups.values()) settled += await sendGroup(group.nip, group.profileId, group.rows);
    return settled;
  }

  return { runOnce, stop: async () => undefined };
}

/** Polls the outbox every `intervalMs` (default 5 s). */
export function startKsefWorker(options: KsefWorkerOptions): KsefWorker {
  const worker = createKsefWorker(options);
  return startPolling(worker, {
    intervalMs: options.intervalMs ?? 5000,
    label: 'ksef worker',
    log: options.log,
  });
}
