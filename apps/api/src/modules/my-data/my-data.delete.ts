import { taxRecordsKeptUntil, UNSETTLED_OFFER_STATUSES } from '@substytut/shared';
import { and, eq, inArray, isNotNull, max, notInArray, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  accessTokens,
  calendarFeeds,
  hearingReports,
  contactMessages,
  dataExports,
  deletedProfilePages,
  emailVerifications,
  invoices,
  invoiceSettings,
  ksefOutbox,
  licenceChecks,
  licenceCodes,
  loginThrottles,
  mailOutbox,
  offerPayments,
  offers,
  passwordResets,
  paymentAccounts,
  payouts,
  profileJobs,
  profileReferences,
  profiles,
  providerInvoiceData,
  users,
} from '../../db/schema.ts';
import type { Clock } from '../app/clock.ts';
import { publicPagesChanged } from '../app/public-page-cache.ts';
import { IMAGE_WIDTHS } from '@substytut/shared/storage';
import { resizedKey, type Storage } from '../storage/index.ts';
import { deleteBoardData } from './my-data.board.ts';
import { myDataErrors } from './my-data.errors.ts';

export interface DeleteDeps {
  db: Db;
  clock: Clock;
  storage: Storage;
  log: { warn(obj: object, msg: string): void };
}

/** Payments whose money is still moving: a checkout open, a refund or a dispute under way. */
const MOVING_PAYMENTS = ['open', 'refunding', 'disputed'] as const;
/** Payments kept as tax records; the others (expired, failed checkouts) moved no money. */
const TAX_RECORD_PAYMENTS = ['paid', 'refunding', 'refunded', 'disputed'] as const;

/**
 * Why an account cannot be deleted now, or null. Checked again inside the deletion's transaction
 * with the offers locked, so a payment starting meanwhile cannot slip between check and delete.
 */
async function refusal(tx: Db | Tx, profileId: number | undefined) {
  if (profileId === undefined) return null;
  const rows = await tx
    .select({ id: offers.id, status: offers.status })
    .from(offers)
    .where(eq(offers.profileId, profileId))
    .for('update');
  if (rows.some((o) => o.status === 'paystart')) return myDataErrors.paymentInProgress();
  if (rows.some((o) => UNSETTLED_OFFER_STATUSES.includes(o.status))) return myDataErrors.unsettledOffers();
  const ids = rows.map((o) => o.id);
  if (ids.length === 0) return null;
  const [moving] = await tx
    .select({ id: offerPayments.id })
    .from(offerPayments)
    .where(and(inArray(offerPayments.offerId, ids), inArray(offerPayments.status, [...MOVING_PAYMENTS])))
    .limit(1);
  if (moving) return myDataErrors.paymentInProgress();
  const [pending] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(inArray(payouts.offerId, ids), eq(payouts.status, 'pending')))
    .limit(1);
  return pending ? myDataErrors.unsettledOffers() : null;
}

/** Throws the reason an account cannot be deleted now (the dashboard shows it before asking). */
export async function assertDeletable(db: Db, userId: string) {
  const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId));
  const reason = await db.transaction((tx) => refusal(tx, profile?.id));
  if (reason) throw reason;
}

export interface DeletionResult {
  /** true when payments had to be kept as tax records (the account row stays, emptied) */
  retained: boolean;
}

/**
 * Deletes an account (GDPR art. 17), for its owner (identity confirmed by the caller) or an
 * administrator. Everything goes at once: profile, experience, references, unpaid offers, files,
 * sessions and links, exports, mails, contact messages; the public page answers 410. Paid offers
 * with their payments and payouts, and the invoice data, are the tax records the law requires
 * (RETENTION): they stay, stripped of everything else, under an emptied account row that the clock
 * job removes when the period ends (purgeExpiredTaxRecords).
 */
export async function deleteAccount(deps: DeleteDeps, userId: string): Promise<DeletionResult> {
  const now = deps.clock.now();
  const { keys, retained } = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.deletedAt) throw myDataErrors.userNotFound();
    if (user.role === 'admin') throw myDataErrors.adminAccount();
    const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, userId));
    const reason = await refusal(tx, profile?.id);
    if (reason) throw reason;

    const keys: string[] = [];
    const exportsKeys = await tx
      .delete(dataExports)
      .where(eq(dataExports.userId, userId))
      .returning({ key: dataExports.storageKey });
    for (const { key } of exportsKeys) if (key) keys.push(key);

    let keptOffers = 0;
    if (profile) {
      for (const key of [profile.imageKey, profile.cvKey, profile.cardKey, profile.licenceCertificateKey])
        if (key) keys.push(key);
      // The smaller copies of the photo that pages asked for (GET /storage/{key}?w=).
      if (profile.imageKey) for (const width of IMAGE_WIDTHS) keys.push(resizedKey(profile.imageKey, width));
      const offerRows = await tx.select().from(offers).where(eq(offers.profileId, profile.id));
      for (const offer of offerRows) if (offer.cardKey) keys.push(offer.cardKey);
      const offerIds = offerRows.map((o) => o.id);
      if (offerIds.length > 0) {
        // The hearing reports and their minutes name the case; no invoice does.
        const reports = await tx
          .delete(hearingReports)
          .where(inArray(hearingReports.offerId, offerIds))
          .returning({ key: hearingReports.minutesKey });
        for (const { key } of reports) if (key) keys.push(key);
        // Checkouts that never took money are no tax record.
        await tx
          .delete(offerPayments)
          .where(
            and(
              inArray(offerPayments.offerId, offerIds),
              notInArray(offerPayments.status, [...TAX_RECORD_PAYMENTS]),
            ),
          );
        await tx
          .update(offerPayments)
          .set({ payerHash: null, payLink: '', hearing: null, grantor: null, updatedAt: now })
          .where(inArray(offerPayments.offerId, offerIds));
      }
      const paidIds = (
        await tx
          .selectDistinct({ id: offerPayments.offerId })
          .from(offerPayments)
          .where(offerIds.length > 0 ? inArray(offerPayments.offerId, offerIds) : eq(offerPayments.id, -1))
      ).map((r) => r.id);
      const unpaidIds = offerIds.filter((id) => !paidIds.includes(id));
      if (unpaidIds.length > 0) await tx.delete(offers).where(inArray(offers.id, unpaidIds));
      if (paidIds.length > 0) {
        // The title and price are on the invoice; the description, image, hearing and dispute are not.
        await tx
          .update(offers)
          .set({
            description: '',
            cardKey: null,
            acceptanceTokenHash: null,
            courtDivision: null,
            caseNumber: null,
            remoteLink: null,
            party: null,
            disputeReason: null,
            resolutionReason: null,
            updatedAt: now,
          })
          .where(inArray(offers.id, paidIds));
      }
      keptOffers = paidIds.length;
      await tx.delete(profileJobs).where(eq(profileJobs.profileId, profile.id));
      await tx.delete(profileReferences).where(eq(profileReferences.profileId, profile.id));
      // The evidence of licence checks names the person (issue 22).
      await tx.delete(licenceChecks).where(eq(licenceChecks.profileId, profile.id));
      // Issue 30: a waiting licence code names the register's contact.
      await tx.delete(licenceCodes).where(eq(licenceCodes.profileId, profile.id));
      if (profile.seolink) {
        await tx
          .insert(deletedProfilePages)
          .values({ seolink: profile.seolink, deletedAt: now })
          .onConflictDoUpdate({ target: deletedProfilePages.seolink, set: { deletedAt: now } });
      }
    }

    await deleteBoardData(tx, userId, profile?.id ?? null);
    await tx.delete(mailOutbox).where(eq(mailOutbox.to, user.email));
    await tx.delete(contactMessages).where(eq(contactMessages.email, user.email));

    if (keptOffers === 0) {
      // Nothing the law requires: the account goes entirely (its other rows cascade).
      await tx.delete(users).where(eq(users.id, userId));
      return { keys, retained: false };
    }

    // The feed's address lists the kept offers' hearings: it ends with the account.
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    await tx.delete(accessTokens).where(eq(accessTokens.userId, userId));
    await tx.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    await tx.delete(loginThrottles).where(eq(loginThrottles.userId, userId));
    await tx.delete(paymentAccounts).where(eq(paymentAccounts.userId, userId));
    // The KSeF token is a credential, not a record: it goes; the invoices stay as tax records.
    if (profile) await tx.delete(invoiceSettings).where(eq(invoiceSettings.profileId, profile.id));
    await tx
      .update(providerInvoiceData)
      .set({ bankAccount: null, updatedAt: now })
      .where(eq(providerInvoiceData.userId, userId));
    await tx
      .update(profiles)
      .set({
        firstname: '',
        lastname: '',
        phone: null,
        permissions: '',
        licenseNo: '',
        specialization: '',
        institution: '',
        description: '',
        imageKey: null,
        cvKey: null,
        cardKey: null,
        linkedinUrl: null,
        facebookUrl: null,
        seolink: null,
        status: 'inactive',
        licenceState: 'unverified',
        licenceMethod: null,
        licenceVerifiedAt: null,
        licenceCheckedAt: null,
        licenceReason: null,
        licenceCertificateKey: null,
        licenceCertificateAt: null,
        updatedAt: now,
      })
      .where(eq(profiles.userId, userId));
    await tx
      .update(users)
      .set({
        email: `deleted-${userId}@deleted.invalid`,
        name: '',
        passwordHash: null,
        role: 'deleted',
        emailVerifiedAt: null,
        loginAlertSentAt: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    return { keys, retained: true };
  });

  publicPagesChanged();
  for (const key of keys) {
    await deps.storage
      .delete(key)
      .catch((err: unknown) => deps.log.warn({ err, key }, 'file of a deleted account left'));
  }
  return { retained };
}

/**
 * Removes the tax records of deleted accounts once RETENTION's period has passed for their last
 * payment (the clock job runs it). Idempotent.
 */
export async function purgeExpiredTaxRecords(deps: Pick<DeleteDeps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now();
  const deleted = await deps.db
    .select({ id: users.id, lastPaid: max(offerPayments.payDate), lastMade: max(offerPayments.createdAt) })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(offers, eq(offers.profileId, profiles.id))
    .leftJoin(offerPayments, eq(offerPayments.offerId, offers.id))
    .where(isNotNull(users.deletedAt))
    .groupBy(users.id);
  let purged = 0;
  for (const row of deleted) {
    const last = row.lastPaid ?? row.lastMade;
    if (last && taxRecordsKeptUntil(new Date(last)).getTime() > now.getTime()) continue;
    await deps.db.transaction(async (tx) => {
      const offerIds = (
        await tx
          .select({ id: offers.id })
          .from(offers)
          .innerJoin(profiles, eq(profiles.id, offers.profileId))
          .where(eq(profiles.userId, row.id))
      ).map((o) => o.id);
      if (offerIds.length > 0) {
        // The invoices (the lawyer's and the operator's fee invoices) are kept exactly as long.
        const invoiceIds = (
          await tx.select({ id: invoices.id }).from(invoices).where(inArray(invoices.offerId, offerIds))
        ).map((i) => i.id);
        if (invoiceIds.length > 0) {
          await tx.delete(ksefOutbox).where(inArray(ksefOutbox.invoiceId, invoiceIds));
          await tx.delete(invoices).where(inArray(invoices.id, invoiceIds));
        }
        await tx.delete(payouts).where(inArray(payouts.offerId, offerIds));
        await tx.delete(offerPayments).where(inArray(offerPayments.offerId, offerIds));
      }
      await tx.delete(users).where(and(eq(users.id, row.id), or(isNotNull(users.deletedAt))));
    });
    purged += 1;
  }
  return purged;
}
