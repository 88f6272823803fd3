import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { offerPayments } from '../../db/schema/offer-payments.ts';
import {
  invoiceCounters,
  invoiceFailures,
  invoices,
  invoiceSettings,
  type InvoiceFailureRow,
  type InvoiceRow,
  type InvoiceSettingsRow,
} from '../../db/schema/invoices.ts';
import { offers } from '../../db/schema/offers.ts';
import { profiles, providerInvoiceData, type ProviderInvoiceDataRow } from '../../db/schema/profile.ts';
import { users } from '../../db/schema/users.ts';

/**
 * The counter key of a seller: the NIP a lawyer invoices as (shared by every account with that
 * NIP, and outliving each of them: issue 30), or the operator for its own fee invoices.
 */
export const sellerKey = (seller: { nip: string } | 'platform'): string =>
  seller === 'platform' ? 'platform' : `nip:${seller.nip}`;

/**
 * The next number of a seller's series in a year. The upsert takes the counter row's lock until
 * the transaction ends, so a racing payment waits and then reads the updated value; a rollback
 * returns the number. Hence no gaps and no repeats.
 */
export async function takeInvoiceNumber(
  tx: DbOrTx,
  seller: string,
  series: string,
  year: number,
): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ seller, series, year, nextNumber: 2 })
    .onConflictDoUpdate({
      target: [invoiceCounters.seller, invoiceCounters.series, invoiceCounters.year],
      set: { nextNumber: sql`${invoiceCounters.nextNumber} + 1` },
    })
    .returning({ next: invoiceCounters.nextNumber });
  if (!row) throw new Error('invoice counter upsert returned nothing');
  return row.next - 1;
}

export async function findInvoiceSettings(db: DbOrTx, profileId: number): Promise<InvoiceSettingsRow | null> {
  const [row] = await db
    .select()
    .from(invoiceSettings)
    .where(eq(invoiceSettings.profileId, profileId))
    .limit(1);
  return row ?? null;
}

export async function upsertInvoiceSettings(
  db: DbOrTx,
  profileId: number,
  values: { mode: 'issue' | 'prepare'; numberPattern: string; ksefTokenEncrypted?: string | null; now: Date },
): Promise<InvoiceSettingsRow> {
  const token =
    values.ksefTokenEncrypted === undefined
      ? {}
      : {
          ksefTokenEncrypted: values.ksefTokenEncrypted,
          ksefTokenSetAt: values.ksefTokenEncrypted ? values.now : null,
        };
  if (values.ksefTokenEncrypted === undefined) {
    // The kept token stays: an update, since an insert's row would fail the "issue needs a
    // token" check before ON CONFLICT could turn it into an update.
    const [updated] = await db
      .update(invoiceSettings)
      .set({ mode: values.mode, numberPattern: values.numberPattern, updatedAt: values.now })
      .where(eq(invoiceSettings.profileId, profileId))
      .returning();
    if (updated) return updated;
  }
  const [row] = await db
    .insert(invoiceSettings)
    .values({
      profileId,
      mode: values.mode,
      numberPattern: values.numberPattern,
      ...token,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoUpdate({
      target: invoiceSettings.profileId,
      set: { mode: values.mode, numberPattern: values.numberPattern, ...token, updatedAt: values.now },
    })
    .returning();
  if (!row) throw new Error('invoice settings upsert returned nothing');
  return row;
}

export async function findSellerInvoiceData(
  db: DbOrTx,
  userId: string,
): Promise<ProviderInvoiceDataRow | null> {
  const [row] = await db
    .select()
    .from(providerInvoiceData)
    .where(eq(providerInvoiceData.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function insertInvoice(
  tx: DbOrTx,
  values: typeof invoices.$inferInsert,
): Promise<InvoiceRow | null> {
  // No ON CONFLICT: a second invoice of the same kind fails the unique index and its transaction
  // (a savepoint) rolls back with the number it took, so the series keeps no gap.
  const [row] = await tx.insert(invoices).values(values).returning();
  return row ?? null;
}

export async function findInvoiceOfOffer(
  db: DbOrTx,
  offerId: number,
  kind: InvoiceRow['kind'],
  seller: 'lawyer' | 'platform',
): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.offerId, offerId),
        eq(invoices.kind, kind),
        seller === 'platform' ? sql`${invoices.profileId} is null` : isNotNull(invoices.profileId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findCorrectionsOf(db: DbOrTx, invoiceId: number): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.correctedInvoiceId, invoiceId), eq(invoices.kind, 'KOR')))
    .orderBy(asc(invoices.id));
}

export async function findInvoiceByRefund(db: DbOrTx, refundId: number): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.refundId, refundId)).limit(1);
  return row ?? null;
}

export async function findInvoice(db: DbOrTx, id: number): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row ?? null;
}

/**
 * The invoices of a lawyer's offers: theirs to their clients and the operator's fee invoices to
 * them. Never another lawyer's: the offer's owner decides.
 */
export async function findInvoicesOfLawyer(
  db: DbOrTx,
  profileId: number,
  limit: number,
): Promise<InvoiceRow[]> {
  return db
    .select({ invoice: invoices })
    .from(invoices)
    .innerJoin(offers, eq(offers.id, invoices.offerId))
    .where(eq(offers.profileId, profileId))
    .orderBy(desc(invoices.id))
    .limit(limit)
    .then((rows) => rows.map((r) => r.invoice));
}

export async function findInvoiceOfLawyer(
  db: DbOrTx,
  profileId: number,
  invoiceId: number,
): Promise<InvoiceRow | null> {
  const [row] = await db
    .select({ invoice: invoices })
    .from(invoices)
    .innerJoin(offers, eq(offers.id, invoices.offerId))
    .where(and(eq(offers.profileId, profileId), eq(invoices.id, invoiceId)))
    .limit(1);
  return row?.invoice ?? null;
}

/**
 * The advance invoice a payer may download: theirs is the paid payment of this public offer whose
 * payer secret they hold (decision 013). The offer is found by its link like the payment page.
 */
export async function findPayerInvoice(
  db: DbOrTx,
  input: { seolink: string; offerUrl: string; payerHash: string },
): Promise<InvoiceRow | null> {
  const [row] = await db
    .select({ invoice: invoices })
    .from(invoices)
    .innerJoin(offerPayments, eq(offerPayments.id, invoices.paymentId))
    .innerJoin(offers, eq(offers.id, invoices.offerId))
    .innerJoin(profiles, eq(profiles.id, offers.profileId))
    .where(
      and(
        eq(offers.offerUrl, input.offerUrl),
        eq(profiles.seolink, input.seolink),
        eq(offerPayments.payerHash, input.payerHash),
        eq(offerPayments.duplicate, false),
        eq(invoices.kind, 'ZAL'),
        isNotNull(invoices.profileId),
      ),
    )
    .limit(1);
  return row?.invoice ?? null;
}

export async function findProfileOfUser(db: DbOrTx, userId: string): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function findPayment(db: DbOrTx, paymentId: number) {
  const [row] = await db.select().from(offerPayments).where(eq(offerPayments.id, paymentId)).limit(1);
  return row ?? null;
}

/** Which event an invoice failure belongs to: one row per (offer, kind, seller, refund). */
export interface FailureKey {
  offerId: number;
  kind: InvoiceRow['kind'];
  platform: boolean;
  refundId: number;
}

export async function recordInvoiceFailure(
  db: DbOrTx,
  key: FailureKey,
  values: {
    paymentId: number | null;
    feeGrosze: number | null;
    reason: InvoiceFailureRow['reason'];
    details: string[];
    now: Date;
  },
): Promise<void> {
  await db
    .insert(invoiceFailures)
    .values({ ...key, ...values, createdAt: values.now, updatedAt: values.now })
    .onConflictDoUpdate({
      target: [
        invoiceFailures.offerId,
        invoiceFailures.kind,
        invoiceFailures.platform,
        invoiceFailures.refundId,
      ],
      set: {
        reason: values.reason,
        details: values.details,
        attempts: sql`${invoiceFailures.attempts} + 1`,
        updatedAt: values.now,
      },
    });
}

export async function clearInvoiceFailure(db: DbOrTx, key: FailureKey): Promise<void> {
  await db
    .delete(invoiceFailures)
    .where(
      and(
        eq(invoiceFailures.offerId, key.offerId),
        eq(invoiceFailures.kind, key.kind),
        eq(invoiceFailures.platform, key.platform),
        eq(invoiceFailures.refundId, key.refundId),
      ),
    );
}

export async function findInvoiceFailure(db: DbOrTx, id: number): Promise<InvoiceFailureRow | null> {
  const [row] = await db.select().from(invoiceFailures).where(eq(invoiceFailures.id, id)).limit(1);
  return row ?? null;
}

/** The failures on a lawyer's offers (theirs and the operator's fee invoices to them). */
export async function findInvoiceFailuresOfLawyer(
  db: DbOrTx,
  profileId: number,
): Promise<InvoiceFailureRow[]> {
  return db
    .select({ failure: invoiceFailures })
    .from(invoiceFailures)
    .innerJoin(offers, eq(offers.id, invoiceFailures.offerId))
    .where(eq(offers.profileId, profileId))
    .orderBy(desc(invoiceFailures.id))
    .then((rows) => rows.map((r) => r.failure));
}

/** Every failure, the newest first, with the lawyer's e-mail for the administrator. */
export async function findAllInvoiceFailures(db: DbOrTx) {
  return db
    .select({ failure: invoiceFailures, email: users.email })
    .from(invoiceFailures)
    .innerJoin(offers, eq(offers.id, invoiceFailures.offerId))
    .leftJoin(profiles, eq(profiles.id, offers.profileId))
    .leftJoin(users, eq(users.id, profiles.userId))
    .orderBy(desc(invoiceFailures.updatedAt))
    .limit(500);
}
