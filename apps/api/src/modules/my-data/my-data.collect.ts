import { asc, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  contactMessages,
  dataExports,
  hearingReports,
  invoices,
  offerRefunds,
  invoiceSettings,
  licenceChecks,
  mailOutbox,
  offerPayments,
  offers,
  paymentAccounts,
  payouts,
  profileJobs,
  profileReferences,
  profiles,
  providerInvoiceData,
  users,
} from '../../db/schema.ts';
import { collectBoardData } from './my-data.board.ts';

/**
 * Everything the product holds about one lawyer, as plain rows (GDPR art. 15 and 20). Secrets are
 * left out on purpose: password hash, token hashes, the payer cookies' hashes, the KSeF token.
 */
export async function collectLawyerData(db: DbOrTx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const jobs = profile
    ? await db
        .select()
        .from(profileJobs)
        .where(eq(profileJobs.profileId, profile.id))
        .orderBy(asc(profileJobs.position))
    : [];
  const references = profile
    ? await db
        .select()
        .from(profileReferences)
        .where(eq(profileReferences.profileId, profile.id))
        .orderBy(asc(profileReferences.position))
    : [];
  // Issue 22: the licence checks name the person and are theirs to see.
  const licenceCheckRows = profile
    ? await db
        .select()
        .from(licenceChecks)
        .where(eq(licenceChecks.profileId, profile.id))
        .orderBy(asc(licenceChecks.id))
    : [];
  const [invoiceData] = await db
    .select()
    .from(providerInvoiceData)
    .where(eq(providerInvoiceData.userId, userId));
  const [paymentAccount] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId));
  const offerRows = profile
    ? await db.select().from(offers).where(eq(offers.profileId, profile.id)).orderBy(asc(offers.id))
    : [];
  const offerIds = offerRows.map((o) => o.id);
  const paymentRows = offerIds.length
    ? await db
        .select()
        .from(offerPayments)
        .where(inArray(offerPayments.offerId, offerIds))
        .orderBy(asc(offerPayments.id))
    : [];
  const payoutRows = offerIds.length
    ? await db.select().from(payouts).where(inArray(payouts.offerId, offerIds)).orderBy(asc(payouts.id))
    : [];
  const invoiceRows = offerIds.length
    ? await db.select().from(invoices).where(inArray(invoices.offerId, offerIds)).orderBy(asc(invoices.id))
    : [];
  const reportRows = offerIds.length
    ? await db.select().from(hearingReports).where(inArray(hearingReports.offerId, offerIds))
    : [];
  const refundRows = offerIds.length
    ? await db.select().from(offerRefunds).where(inArray(offerRefunds.offerId, offerIds))
    : [];
  const [invoicing] = profile
    ? await db.select().from(invoiceSettings).where(eq(invoiceSettings.profileId, profile.id))
    : [];
  const mails = await mailsTo(db, user.email);
  const contact = await contactMessagesOf(db, user.email);
  const board = await collectBoardData(db, userId, profile?.id ?? null);
  const exportsMade = await db
    .select({ createdAt: dataExports.createdAt, status: dataExports.status })
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(asc(dataExports.createdAt));

  return {
    account: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      locale: user.locale,
      emailVerifiedAt: user.emailVerifiedAt,
      signsInWithPassword: user.passwordHash !== null,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
      dataExports: exportsMade,
    },
    profile: profile
      ? {
          firstname: profile.firstname,
          lastname: profile.lastname,
          phone: profile.phone,
          permissions: profile.permissions,
          licenseNo: profile.licenseNo,
          specialization: profile.specialization,
          institution: profile.institution,
          description: profile.description,
          linkedinUrl: profile.linkedinUrl,
          facebookUrl: profile.facebookUrl,
          seolink: profile.seolink,
          status: profile.status,
          firstActiveAt: profile.firstActiveAt,
          createdAt: profile.createdAt,
          updatedAt: profile.updatedAt,
          files: { photo: profile.imageKey, cv: profile.cvKey, card: profile.cardKey },
          licence: {
            state: profile.licenceState,
            method: profile.licenceMethod,
            verifiedAt: profile.licenceVerifiedAt,
            checkedAt: profile.licenceCheckedAt,
            reason: profile.licenceReason,
            certificateUploadedAt: profile.licenceCertificateAt,
            checks: licenceCheckRows.map(({ id: _id, profileId: _p, reviewerId: _r, ...check }) => check),
          },
        }
      : null,
    jobs: jobs.map(({ id: _id, profileId: _p, ...job }) => job),
    references: references.map(({ id: _id, profileId: _p, ...reference }) => reference),
    invoiceData: invoiceData ? { ...invoiceData, userId: undefined } : null,
    // The KSeF token is a credential: only whether one is kept, never the token or its sealed form.
    invoicing: invoicing
      ? {
          mode: invoicing.mode,
          numberPattern: invoicing.numberPattern,
          ksefTokenSet: invoicing.ksefTokenEncrypted !== null,
          ksefTokenSetAt: invoicing.ksefTokenSetAt,
        }
      : null,
    paymentAccount: paymentAccount
      ? {
          provider: paymentAccount.provider,
          accountId: paymentAccount.accountId,
          chargesEnabled: paymentAccount.chargesEnabled,
          payoutsEnabled: paymentAccount.payoutsEnabled,
          createdAt: paymentAccount.createdAt,
        }
      : null,
    offers: offerRows.map((offer) => ({
      id: offer.id,
      title: offer.title,
      description: offer.description,
      netGrosze: offer.netGrosze,
      grossGrosze: offer.grossGrosze,
      expireDate: offer.expireDate,
      status: offer.status,
      cardFile: offer.cardKey,
      paidAt: offer.paidAt,
      doneAt: offer.doneAt,
      acceptedAt: offer.acceptedAt,
      archivedAt: offer.archivedAt,
      expiredAt: offer.expiredAt,
      createdAt: offer.createdAt,
      // Issue 34: everything the product keeps about the job, not only its money.
      hearing: {
        courtId: offer.courtId,
        division: offer.courtDivision,
        caseNumber: offer.caseNumber,
        startsAt: offer.hearingAt,
        mode: offer.hearingMode,
        remoteLink: offer.remoteLink,
        party: offer.party,
      },
      report:
        reportRows
          .filter((r) => r.offerId === offer.id)
          .map((r) => ({
            outcome: r.outcome,
            nextHearingAt: r.nextHearingAt,
            notes: r.notes,
            minutesFile: r.minutesKey ? `files/minutes/${offer.id}.pdf` : null,
            minutesKey: r.minutesKey,
            createdAt: r.createdAt,
          }))[0] ?? null,
      dispute:
        offer.disputedAt || offer.resolvedAt
          ? {
              disputedAt: offer.disputedAt,
              reason: offer.disputeReason,
              resolvedAt: offer.resolvedAt,
              resolution: offer.resolution,
              resolutionReason: offer.resolutionReason,
            }
          : null,
      refunds: refundRows
        .filter((r) => r.offerId === offer.id)
        .map((r) => ({
          amountGrosze: r.amountGrosze,
          cause: r.cause,
          reason: r.reason,
          createdAt: r.createdAt,
          refundedAt: r.refundedAt,
        })),
      payments: paymentRows
        .filter((p) => p.offerId === offer.id)
        .map((p) => ({
          id: p.id,
          provider: p.provider,
          status: p.status,
          priceGrosze: p.price,
          payer: {
            email: p.email,
            company: p.company,
            firstname: p.firstname,
            lastname: p.lastname,
            nip: p.nip,
            street: p.street,
            postCode: p.postCode,
            city: p.city,
            invoice: p.invoice,
          },
          payDate: p.payDate,
          note: p.note,
          createdAt: p.createdAt,
        })),
      payout:
        payoutRows
          .filter((p) => p.offerId === offer.id)
          .map((p) => ({
            amountGrosze: p.amount,
            feeGrosze: p.fee,
            status: p.status,
            transferId: p.transferId,
            sentAt: p.sentAt,
          }))[0] ?? null,
      // The files themselves are under invoices/ (PDF and XML); here what identifies each one.
      invoices: invoiceRows
        .filter((i) => i.offerId === offer.id)
        .map((i) => ({
          id: i.id,
          files: invoiceFilesOf(i),
          issuer: i.profileId === null ? 'platform' : 'lawyer',
          kind: i.kind,
          number: i.number,
          issueDate: i.issueDate,
          netGrosze: i.netGrosze,
          vatGrosze: i.vatGrosze,
          grossGrosze: i.grossGrosze,
          ksefStatus: i.ksefStatus,
          ksefNumber: i.ksefNumber,
        })),
    })),
    invoiceRows,
    board,
    mails,
    contactMessages: contact,
  };
}

/** Where an invoice's two files sit in the export and the invoice archive: `invoices/<id>-<number>.{pdf,xml}`. */
export function invoiceFilesOf(invoice: { id: number; number: string }) {
  const base = `invoices/${invoice.id}-${invoice.number.replace(/[^A-Za-z0-9-]+/g, '-')}`;
  return { pdf: `${base}.pdf`, xml: `${base}.xml` };
}

export type LawyerData = NonNullable<Awaited<ReturnType<typeof collectLawyerData>>>;

/** What the product holds about a payer (a client without an account), found by e-mail address. */
export async function collectPayerData(db: DbOrTx, email: string) {
  const payments = await db
    .select({
      id: offerPayments.id,
      offerTitle: offers.title,
      status: offerPayments.status,
      priceGrosze: offerPayments.price,
      email: offerPayments.email,
      company: offerPayments.company,
      firstname: offerPayments.firstname,
      lastname: offerPayments.lastname,
      phone: offerPayments.phone,
      nip: offerPayments.nip,
      street: offerPayments.street,
      postCode: offerPayments.postCode,
      city: offerPayments.city,
      invoice: offerPayments.invoice,
      // The lawyer they named as granting the substitution (issue 24): their own details.
      grantor: offerPayments.grantor,
      payDate: offerPayments.payDate,
      createdAt: offerPayments.createdAt,
    })
    .from(offerPayments)
    .innerJoin(offers, eq(offers.id, offerPayments.offerId))
    .where(eq(offerPayments.email, email))
    .orderBy(asc(offerPayments.id));
  const mails = await mailsTo(db, email);
  const contact = await contactMessagesOf(db, email);
  return { email, payments, mails, contactMessages: contact };
}

/** The mails sent to an address (the outbox keeps what was sent). */
function mailsTo(db: DbOrTx, email: string) {
  return db
    .select({
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(asc(mailOutbox.createdAt));
}

/** Messages sent through the contact form from an address (without the sender's IP and browser). */
function contactMessagesOf(db: DbOrTx, email: string) {
  return db
    .select({
      name: contactMessages.name,
      subject: contactMessages.subject,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(eq(contactMessages.email, email))
    .orderBy(asc(contactMessages.createdAt));
}

/** How many invoices the lawyer's offers carry (the deletion offers them as an archive first). */
export async function countInvoicesOfUser(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invoices)
    .innerJoin(offers, eq(offers.id, invoices.offerId))
    .innerJoin(profiles, eq(profiles.id, offers.profileId))
    .where(eq(profiles.userId, userId));
  return row?.n ?? 0;
}
