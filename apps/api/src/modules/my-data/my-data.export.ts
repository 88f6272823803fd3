import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { RETENTION } from '@substytut/shared';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { lockFor, type Db, type DbOrTx } from '../../db/client.ts';
import { dataExports, type DataExportRow } from '../../db/schema.ts';
import type { BackgroundTasks } from '../app/background.ts';
import type { Clock } from '../app/clock.ts';
import type { Config } from '../app/config.ts';
import { hashToken, newSecretToken } from '../app/token-crypto.ts';
import { dataExportReadyMail, type Mailer } from '../mail/index.ts';
import type { Storage } from '../storage/index.ts';
import { renderInvoicePdf } from '../invoices/index.ts';
import { substitutionDocumentForExport } from '../offers/index.ts';
import { collectLawyerData, invoiceFilesOf, type LawyerData } from './my-data.collect.ts';
import { myDataErrors } from './my-data.errors.ts';
import type { Locale } from '@substytut/shared/locale';

export interface ExportDeps {
  db: Db;
  clock: Clock;
  storage: Storage;
  mailer: Mailer;
  background: BackgroundTasks;
  config: Pick<Config, 'publicUrl' | 'supportEmail' | 'ksef'>;
  log: { error(obj: object, msg: string): void };
}

const HOUR = 3_600_000;
/** A pending export older than this was lost (the server stopped while making it): a new one may start. */
export const STALE_EXPORT_MS = 15 * 60_000;

export interface ExportStatusDto {
  id: string;
  status: DataExportRow['status'] | 'expired';
  progress: number;
  created_at: string;
  expires_at: string | null;
  size: number | null;
}

function statusOf(row: DataExportRow, now: Date): ExportStatusDto {
  const expired =
    row.status === 'ready' && row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();
  return {
    id: row.id,
    status: expired ? 'expired' : row.status,
    progress: row.progress,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    size: row.size,
  };
}

export async function latestExport(
  deps: Pick<ExportDeps, 'db' | 'clock'>,
  userId: string,
): Promise<ExportStatusDto | null> {
  const [row] = await deps.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return row ? statusOf(row, deps.clock.now()) : null;
}

/**
 * Starts an export in the background and answers at once; the dashboard polls its progress and
 * the owner gets a mail with a one-time link when it is ready. One export at a time per account:
 * asking again while one is being made answers that one.
 */
export async function requestExport(
  deps: ExportDeps,
  user: { id: string; email: string; locale: Locale },
): Promise<ExportStatusDto> {
  const now = deps.clock.now();
  const token = newSecretToken();
  const { row, made, discarded } = await deps.db.transaction(async (tx) => {
    // Requests at once take turns: the first makes the export, the others find it under way.
    await lockFor(tx, `data-export:${user.id}`);
    const [running] = await tx
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.userId, user.id), eq(dataExports.status, 'pending')))
      .orderBy(desc(dataExports.createdAt))
      .limit(1);
    if (running && now.getTime() - running.createdAt.getTime() < STALE_EXPORT_MS) {
      return { row: running, made: false, discarded: [] };
    }
    if (running) {
      await tx.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, running.id));
    }
    // Earlier files nobody downloaded are replaced by the new one.
    const discarded = await discardExportRows(tx, user.id);
    const [inserted] = await tx
      .insert(dataExports)
      .values({ userId: user.id, tokenHash: hashToken(token), createdAt: now })
      .returning();
    if (!inserted) throw new Error('data_exports insert returned no row');
    return { row: inserted, made: true, discarded };
  });
  for (const key of discarded) await deps.storage.delete(key);
  if (made) deps.background.run('data export', () => buildExport(deps, row.id, user, token));
  return statusOf(row, now);
}

/** Marks an account's earlier exports (ready, never downloaded) failed; the keys of their files. */
async function discardExportRows(db: DbOrTx, userId: string): Promise<string[]> {
  const old = await db
    .update(dataExports)
    .set({ status: 'failed', storageKey: null })
    .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'ready')))
    .returning({ key: dataExports.storageKey });
  return old.flatMap(({ key }) => (key ? [key] : []));
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const extensionOf = (key: string) => {
  const dot = key.lastIndexOf('.');
  return dot === -1 ? '' : key.slice(dot);
};

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

export function exportReadme(data: LawyerData, madeAt: Date): string {
  return [
    'Substytut — eksport danych / data export',
    `Utworzono / made: ${madeAt.toISOString()}`,
    `Konto / account: ${data.account.email}`,
    '',
    'PL: Ten plik zawiera wszystkie dane, które serwis Substytut przechowuje o Twoim koncie (RODO art. 15 i 20).',
    'EN: This file holds all the data Substytut keeps about your account (GDPR articles 15 and 20).',
    '',
    'account.json          konto / account (bez hasła / without the password)',
    'profile.json          profil, doświadczenie, referencje, weryfikacja uprawnień / profile, experience, references, licence checks',
    'invoice-data.json     dane do faktur / invoice data',
    'payment-account.json  konto płatności / payment account',
    'offers.json           oferty: dane rozprawy, raport z rozprawy, spór i jego rozstrzygnięcie, zwroty, płatności, wypłaty, faktury /',
    '                      offers: hearing details, hearing report, dispute and its resolution, refunds, payments, payouts, invoices',
    'board.json            tablica zastępstw: Twoje zlecenia z otrzymanymi odpowiedziami i sprawdzeniami konfliktu interesów,',
    '                      Twoje odpowiedzi, Twoje sprawdzenia konfliktu interesów, ulubieni substytuci, referencje wystawione',
    '                      i otrzymane, zgłoszenia, ustawienia powiadomień, przeglądarki z powiadomieniami (adres i data, bez kluczy) /',
    '                      substitution board: your requests with the answers and conflict checks they received, your answers,',
    '                      your conflict checks, favourite substitutes, references given and received, reports, alert settings,',
    '                      browsers with notifications (address and date, without keys)',
    'mails.json            wiadomości e-mail wysłane do Ciebie / e-mails sent to you',
    'contact-messages.json wiadomości z formularza kontaktowego / contact form messages',
    'invoices/             faktury (PDF i XML FA(3)): Twoje dla klientów, korekty i faktury prowizji serwisu /',
    '                      invoices (PDF and FA(3) XML): yours to clients, corrections and the service fee invoices',
    'documents/            pełnomocnictwa substytucyjne i upoważnienia opłaconych zleceń (PDF) /',
    '                      substitution powers of attorney and authorisations of paid orders (PDF)',
    'files/                zdjęcie, CV, obrazy ofert, protokoły rozpraw / photo, CV, offer images, hearing minutes',
    '',
    'PL: Kwoty są w groszach (1 zł = 100 groszy).',
    'EN: Amounts are in grosze (1 zł = 100 grosze).',
    '',
  ].join('\n');
}

/** What the export renders rather than reads: the invoices' PDFs and the substitution documents. */
export interface ExportRenderers {
  invoicePdf(invoice: LawyerData['invoiceRows'][number]): Promise<Buffer>;
  substitutionDocument(offerId: number): Promise<{ fileName: string; pdf: Buffer } | null>;
}

export function exportRenderers(deps: Pick<ExportDeps, 'db' | 'config'>): ExportRenderers {
  return {
    invoicePdf: (invoice) => renderInvoicePdf(invoice, { ksefEnvironment: deps.config.ksef.environment }),
    substitutionDocument: (offerId) => substitutionDocumentForExport(deps.db, offerId),
  };
}

/** Every invoice of the lawyer's offers as its PDF and its XML (the export and the invoice archive). */
export async function addInvoiceFiles(
  zip: Zippable,
  rows: LawyerData['invoiceRows'],
  renderers: Pick<ExportRenderers, 'invoicePdf'>,
): Promise<void> {
  for (const invoice of rows) {
    const files = invoiceFilesOf(invoice);
    zip[files.xml] = strToU8(invoice.xml);
    zip[files.pdf] = [await renderers.invoicePdf(invoice), { level: 0 }];
  }
}

/** The ZIP's entries; `step` is called after each part so the progress bar moves. */
export async function buildZip(
  storage: Storage,
  data: LawyerData,
  madeAt: Date,
  step: (done: number, total: number) => Promise<void>,
  renderers: ExportRenderers,
): Promise<Uint8Array> {
  const files: { name: string; key: string }[] = [];
  const p = data.profile;
  if (p?.files.photo) files.push({ name: `files/photo${extensionOf(p.files.photo)}`, key: p.files.photo });
  if (p?.files.cv) files.push({ name: `files/cv${extensionOf(p.files.cv)}`, key: p.files.cv });
  if (p?.files.card)
    files.push({ name: `files/profile-card${extensionOf(p.files.card)}`, key: p.files.card });
  for (const offer of data.offers) {
    if (offer.cardFile)
      files.push({ name: `files/offers/${offer.id}${extensionOf(offer.cardFile)}`, key: offer.cardFile });
    if (offer.report?.minutesKey && offer.report.minutesFile)
      files.push({ name: offer.report.minutesFile, key: offer.report.minutesKey });
  }
  const total = files.length + 2;
  const zip: Zippable = {
    'README.txt': strToU8(exportReadme(data, madeAt)),
    'account.json': json(data.account),
    'profile.json': json({ profile: data.profile, jobs: data.jobs, references: data.references }),
    'invoice-data.json': json(data.invoiceData),
    'payment-account.json': json(data.paymentAccount),
    'offers.json': json(
      data.offers.map((offer) => ({
        ...offer,
        report: offer.report && { ...offer.report, minutesKey: undefined },
      })),
    ),
    'board.json': json(data.board),
    'mails.json': json(data.mails),
    'contact-messages.json': json(data.contactMessages),
  };
  await addInvoiceFiles(zip, data.invoiceRows, renderers);
  for (const offer of data.offers) {
    if (!offer.paidAt) continue;
    const document = await renderers.substitutionDocument(offer.id);
    if (document) zip[`documents/${document.fileName}`] = [document.pdf, { level: 0 }];
  }
  await step(1, total);
  let done = 1;
  for (const file of files) {
    const object = await storage.get(file.key);
    // Already compressed formats (images, PDF) are stored as they are.
    if (object) zip[file.name] = [await readAll(object.body), { level: 0 }];
    done += 1;
    await step(done, total);
  }
  return zipSync(zip, { level: 6, mtime: madeAt });
}

async function buildExport(
  deps: ExportDeps,
  exportId: string,
  user: { id: string; email: string; locale: Locale },
  token: string,
) {
  try {
    const data = await collectLawyerData(deps.db, user.id);
    if (!data) return;
    const madeAt = deps.clock.now();
    const bytes = await buildZip(
      deps.storage,
      data,
      madeAt,
      async (done, total) => {
        await deps.db
          .update(dataExports)
          .set({ progress: Math.min(95, Math.round((done / total) * 95)) })
          .where(eq(dataExports.id, exportId));
      },
      exportRenderers(deps),
    );
    const key = `private/exports/${randomUUID()}.zip`;
    await deps.storage.put(key, bytes, 'application/zip');
    const now = deps.clock.now();
    const stored = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(dataExports)
        .set({
          status: 'ready',
          progress: 100,
          storageKey: key,
          size: bytes.byteLength,
          readyAt: now,
          expiresAt: new Date(now.getTime() + RETENTION.exportLinkHours * HOUR),
        })
        .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'pending')))
        .returning();
      if (!row) return false;
      await deps.mailer.enqueue(
        dataExportReadyMail(
          { locale: user.locale, to: user.email, token },
          { publicUrl: deps.config.publicUrl, supportEmail: deps.config.supportEmail },
        ),
        tx,
      );
      return true;
    });
    // The account was deleted or a newer export replaced this one meanwhile.
    if (!stored) await deps.storage.delete(key);
  } catch (err) {
    deps.log.error({ err, exportId }, 'data export failed');
    await deps.db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, exportId));
  }
}

/**
 * Hands out a ready export once: the row moves to `downloaded` in one conditional update (two
 * racing clicks cannot both get it), the file is read and deleted from storage.
 */
async function takeExport(deps: Pick<ExportDeps, 'db' | 'clock' | 'storage'>, where: ReturnType<typeof eq>) {
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(dataExports)
    .set({ status: 'downloaded', downloadedAt: now })
    .where(and(where, eq(dataExports.status, 'ready')))
    .returning();
  if (!row?.storageKey) throw myDataErrors.exportUnavailable();
  const key = row.storageKey;
  await deps.db.update(dataExports).set({ storageKey: null }).where(eq(dataExports.id, row.id));
  if (!row.expiresAt || row.expiresAt.getTime() <= now.getTime()) {
    await deps.storage.delete(key);
    throw myDataErrors.exportUnavailable();
  }
  const object = await deps.storage.get(key);
  if (!object) throw myDataErrors.exportUnavailable();
  const bytes = await readAll(object.body);
  await deps.storage.delete(key);
  return { bytes, filename: `substytut-data-${row.createdAt.toISOString().slice(0, 10)}.zip` };
}

/** GET /api/data-export/{token}: the mailed one-time link. */
export function downloadByToken(deps: Pick<ExportDeps, 'db' | 'clock' | 'storage'>, token: string) {
  return takeExport(deps, eq(dataExports.tokenHash, hashToken(token)));
}

/** GET /api/me/data-export/file: the dashboard's button, for the signed-in owner's latest export. */
export async function downloadLatest(deps: Pick<ExportDeps, 'db' | 'clock' | 'storage'>, userId: string) {
  const [row] = await deps.db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  if (!row) throw myDataErrors.exportUnavailable();
  return takeExport(deps, eq(dataExports.id, row.id));
}

/** Deletes files of exports that expired unread (the clock job calls it). */
export async function purgeExpiredExports(deps: Pick<ExportDeps, 'db' | 'clock' | 'storage'>) {
  const now = deps.clock.now();
  const rows = await deps.db
    .update(dataExports)
    .set({ storageKey: null })
    .where(
      or(
        and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, now)),
        eq(dataExports.status, 'failed'),
      ),
    )
    .returning({ key: dataExports.storageKey });
  for (const { key } of rows) if (key) await deps.storage.delete(key);
  return rows.length;
}

/**
 * The lawyer's invoice archive (issue 34): every invoice of their offers, PDF and XML, offered
 * before the account is deleted, since a taxpayer keeps invoices for five years. Its README says
 * where the copies kept for the tax office live: with the product, stripped, until the period ends.
 */
export async function invoiceArchive(
  deps: Pick<ExportDeps, 'db' | 'clock' | 'config'>,
  user: { id: string; locale: Locale },
): Promise<{ bytes: Buffer; filename: string }> {
  const data = await collectLawyerData(deps.db, user.id);
  const now = deps.clock.now();
  const zip: Zippable = {
    'README.txt': strToU8(invoiceArchiveReadme(data?.invoiceRows.length ?? 0)),
  };
  if (data) await addInvoiceFiles(zip, data.invoiceRows, exportRenderers(deps));
  return {
    bytes: Buffer.from(zipSync(zip, { level: 6, mtime: now })),
    filename: `substytut-faktury-${now.toISOString().slice(0, 10)}.zip`,
  };
}

export function invoiceArchiveReadme(count: number): string {
  const years = RETENTION.taxRecordsYears;
  return [
    'Substytut — archiwum faktur / invoice archive',
    '',
    `PL: ${count} faktur (PDF i XML FA(3)) ze zleceń Twojego konta: Twoje faktury dla klientów, faktury korygujące i faktury prowizji serwisu. Przepisy podatkowe każą przechowywać faktury przez ${years} lat od końca roku, w którym upłynął termin zapłaty podatku: zachowaj to archiwum.`,
    `PL: Po usunięciu konta serwis przechowuje kopie faktur i płatności dla urzędu skarbowego (bez innych danych) przez ten sam okres, a potem je usuwa; faktury wysłane do KSeF są też w KSeF pod numerami KSeF.`,
    '',
    `EN: ${count} invoices (PDF and FA(3) XML) of your account's orders: your invoices to clients, correcting invoices and the service fee invoices. Tax law requires keeping invoices for ${years} years from the end of the year in which the tax was due: keep this archive.`,
    `EN: After the account is deleted, the product keeps copies of the invoices and payments for the tax office (with no other data) for the same period, then deletes them; invoices sent to KSeF are also in KSeF under their KSeF numbers.`,
    '',
  ].join('\n');
}
