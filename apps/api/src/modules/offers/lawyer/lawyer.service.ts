import { randomBytes } from 'node:crypto';
import {
  canDelete,
  canFileReportAt,
  firstIssueByPath,
  hearingReportSchemaAt,
  sameHearing,
  type HearingData,
  groszeToDecimalString,
  groszeToDecimalStringOrNull,
  offerCreateSchemaAt,
  type OfferCreateData,
  type OfferCreatedDto,
  type OfferDto,
  type OfferUpdateData,
} from '@substytut/shared';
import type { DbOrTx } from '../../../db/client.ts';
import type { OfferRow, ProfileRow } from '../../../db/schema.ts';
import { validationFailed } from '../../app/errors.ts';
import { hashToken, newSecretToken } from '../../app/token-crypto.ts';
import { enqueueMail } from '../../mail/index.ts';
import { paymentProviderFailed } from '../../payments/index.ts';
import type { Storage } from '../../storage/index.ts';
import { newCardKey, type OfferCards } from '../documents/cards.ts';
import { checkMinutes } from '../documents/minutes.ts';
import { hearingChangedMail } from '../hearing/mails.ts';
import { offerDoneMail } from '../mails/done-mail.ts';
import { callProvider } from '../money/provider.ts';
import { sendCourtCancellationMoney, settleCourtCancellation } from '../money/court-cancellation.ts';
import { findPaidPayment, findPayer, openCheckoutsOf } from '../money.repo.ts';
import { mailContextOf, type LifecycleDeps } from '../offers.deps.ts';
import {
  fullNameOf,
  hearingColumns,
  hearingOf,
  reportLinesOf,
  toOfferDto,
  withReports,
} from '../offers.dto.ts';
import {
  invalidTransition,
  licenceNotVerified,
  offerNotFound,
  profileInactive,
  reportBeforeHearing,
  reportRequired,
} from '../offers.errors.ts';
import {
  deleteUnpaidOffer,
  findOwnOffer,
  findOwnOfferWithLawyer,
  findProfileOfUser,
  insertHearingReport,
  insertOffer,
  listOffersOfProfile,
  offerExists,
  updateActiveOffer,
  updatePaidHearing,
} from '../offers.repo.ts';
import { transitionOffer } from '../offers.transitions.ts';

/**
 * The lawyer's side of an offer: create, list, edit (the hearing also after payment), delete,
 * and mark the job done with the hearing report (issue 23).
 */

export interface OffersDeps extends LifecycleDeps {
  cards: OfferCards;
  /** where the hearing's minutes are kept */
  storage: Storage;
}

export interface OffersUser {
  id: string;
}

/** 128 random bits, URL-safe (22 characters): the offer link cannot be guessed or enumerated. */
export function newOfferUrl(): string {
  return randomBytes(16).toString('base64url');
}

/** The caller's profile; a user without one has no offers (404 on any offer id). */
async function ownProfile(deps: OffersDeps, user: OffersUser): Promise<ProfileRow | null> {
  return findProfileOfUser(deps.db, user.id);
}

async function ownOffer(deps: OffersDeps, user: OffersUser, offerId: number) {
  const profile = await ownProfile(deps, user);
  const offer = profile ? await findOwnOffer(deps.db, profile.id, offerId) : null;
  if (!profile || !offer) throw offerNotFound();
  return { profile, offer };
}

/** The offer's id when it is the user's own; 404 otherwise. */
export async function getOwnOfferId(deps: OffersDeps, user: OffersUser, offerId: number): Promise<number> {
  return (await ownOffer(deps, user, offerId)).offer.id;
}

/** After a refused conditional change: 404 when the offer is gone, else 409. */
async function refusal(deps: OffersDeps, offerId: number): Promise<never> {
  throw (await offerExists(deps.db, offerId)) ? invalidTransition() : offerNotFound();
}

/**
 * POST /user/offer, with the body validated on its route (expiry against the app clock). Only an
 * active profile (complete, payment account ready) with a verified licence (issue 22) may create
 * offers.
 */
export async function createOffer(
  deps: OffersDeps,
  user: OffersUser,
  data: OfferCreateData,
): Promise<OfferCreatedDto> {
  const profile = await ownProfile(deps, user);
  const refused = await offerRefusal(deps, deps.db, profile);
  if (refused) throw refused === 'licence' ? licenceNotVerified() : profileInactive();
  if (!profile) throw profileInactive();
  // The card's address is chosen with the offer, so a card that is not stored below (the process
  // stopped, or storage failed) is made on its first request instead of never.
  const offer = await insertNewOffer(deps.db, profile.id, data, deps.clock.now(), newCardKey());
  // The card is rendered before answering so the link shared right away has its preview image.
  if (offer.cardKey) await deps.cards.ensureQuietly(offer.cardKey);
  const dto = toOfferDto(offer, profile, deps.config.publicUrl);
  return { absoluteUrl: dto.absoluteUrl, offer: dto };
}

/**
 * Why this profile may not have offers: 'inactive' (no profile, not complete, not public, or its
 * payment account cannot receive payouts) or 'licence' (not verified, issue 22); null when it may.
 */
export async function offerRefusal(
  deps: Pick<LifecycleDeps, 'payments'>,
  db: DbOrTx,
  profile: ProfileRow | null,
): Promise<'inactive' | 'licence' | null> {
  if (
    !profile ||
    profile.status !== 'active' ||
    !profile.seolink ||
    !(await deps.payments.isAccountReady(db, profile.userId))
  ) {
    return 'inactive';
  }
  return profile.licenceState === 'verified' ? null : 'licence';
}

/** A new offer, waiting for payment, of a profile that may have offers (offerRefusal). */
export async function insertNewOffer(
  db: DbOrTx,
  profileId: number,
  data: OfferCreateData,
  now: Date,
  cardKey: string | null,
): Promise<OfferRow> {
  return insertOffer(db, {
    profileId,
    title: data.title,
    description: data.description,
    netGrosze: data.netGrosze,
    grossGrosze: data.grossGrosze,
    expireDate: data.expireDate,
    ...hearingColumns(data.hearing),
    courtCancellationFeeNetGrosze: data.courtCancellationFeeNetGrosze,
    status: 'active',
    offerUrl: newOfferUrl(),
    cardKey,
    createdAt: now,
    updatedAt: now,
  });
}

/** GET /user/offer: the caller's offers, newest first. */
export async function listOffers(deps: OffersDeps, user: OffersUser): Promise<OfferDto[]> {
  const profile = await ownProfile(deps, user);
  if (!profile) return [];
  const rows = await listOffersOfProfile(deps.db, profile.id);
  return withReports(
    deps,
    rows,
    rows.map((row) => toOfferDto(row, profile, deps.config.publicUrl)),
  );
}

export async function getOffer(deps: OffersDeps, user: OffersUser, offerId: number): Promise<OfferDto> {
  const { profile, offer } = await ownOffer(deps, user, offerId);
  const [dto] = await withReports(deps, [offer], [toOfferDto(offer, profile, deps.config.publicUrl)]);
  if (!dto) throw offerNotFound();
  return dto;
}

/**
 * PUT /user/offer/{id}: title, expiry, price (and description) while the offer is `active`.
 * The route validated each field sent; fields left out keep their values, and the offer as changed
 * is validated again like a new offer, which needs the stored row: a gross sent without a net is
 * checked against the stored net, and a kept expiry must still be from tomorrow on.
 */
export async function updateOffer(
  deps: OffersDeps,
  user: OffersUser,
  offerId: number,
  input: OfferUpdateData,
): Promise<OfferDto> {
  const { profile, offer } = await ownOffer(deps, user, offerId);
  // After payment only the hearing may change (the court moved it): the payer gets the update.
  if (offer.status === 'payed' && input.hearing && onlyHearing(input)) {
    const updated = await changePaidHearing(deps, offer, profile, input.hearing);
    return toOfferDto(updated, profile, deps.config.publicUrl);
  }
  if (offer.status !== 'active') throw invalidTransition();
  const now = deps.clock.now();
  const parsed = offerCreateSchemaAt(now).safeParse({
    title: input.title ?? offer.title,
    expireDate: input.expireDate ?? offer.expireDate,
    price: groszeToDecimalString(input.price ?? offer.netGrosze),
    price_brutto: groszeToDecimalStringOrNull(input.price_brutto),
    description: input.description ?? offer.description,
    court_cancellation_fee: groszeToDecimalStringOrNull(offer.courtCancellationFeeNetGrosze),
  });
  if (!parsed.success) throw validationFailed(firstIssueByPath(parsed.error));
  const data = parsed.data;
  // A kept hearing is not checked again: its time was in the future when it was set.
  const hearing = input.hearing ?? hearingOf(offer);
  const hearingChanged = !sameHearing(hearing, hearingOf(offer));
  const updated = await updateActiveOffer(deps.db, profile.id, offerId, {
    title: data.title,
    description: data.description,
    expireDate: data.expireDate,
    netGrosze: data.netGrosze,
    grossGrosze: data.grossGrosze,
    ...hearingColumns(hearing),
    ...(hearingChanged ? { hearingSequence: offer.hearingSequence + 1, hearingReminderAt: null } : {}),
    updatedAt: now,
  });
  if (!updated) return refusal(deps, offerId);
  const changedOnCard = updated.title !== offer.title || updated.grossGrosze !== offer.grossGrosze;
  const cardKey = changedOnCard ? await deps.cards.refreshQuietly(offerId) : null;
  return toOfferDto(cardKey ? { ...updated, cardKey } : updated, profile, deps.config.publicUrl);
}

const onlyHearing = (input: OfferUpdateData) =>
  input.title == null &&
  input.expireDate == null &&
  input.price == null &&
  input.price_brutto == null &&
  input.description == null;

/**
 * PUT /user/offer/{id} with only `hearing` on a paid offer: the new details replace the old in
 * one conditional update (still `payed`), the calendar event's SEQUENCE goes up, a moved hearing
 * gets its own reminder, and the payer is mailed the updated invitation in the same transaction.
 */
async function changePaidHearing(
  deps: OffersDeps,
  offer: OfferRow,
  profile: ProfileRow,
  hearing: HearingData,
): Promise<OfferRow> {
  if (sameHearing(hearing, hearingOf(offer))) return offer;
  const now = deps.clock.now();
  const moved = hearing.startsAt?.getTime() !== offer.hearingAt?.getTime();
  return deps.db.transaction(async (tx) => {
    const row = await updatePaidHearing(tx, offer.id, {
      ...hearingColumns(hearing),
      hearingSequence: offer.hearingSequence + 1,
      ...(moved ? { hearingReminderAt: null } : {}),
      updatedAt: now,
    });
    if (!row) throw invalidTransition();
    const payer = await findPayer(tx, offer.id);
    if (payer) {
      await enqueueMail(
        tx,
        hearingChangedMail(
          { to: payer.email, locale: payer.locale, offer: row, lawyerName: fullNameOf(profile), now },
          mailContextOf(deps),
        ),
        now,
      );
    }
    return row;
  });
}

/**
 * DELETE /user/offer/{id}: unpaid offers only (shared canDelete). An open checkout is ended at
 * the provider first, so the client can no longer pay an offer that is gone.
 */
export async function deleteOffer(deps: OffersDeps, user: OffersUser, offerId: number): Promise<void> {
  const { profile, offer } = await ownOffer(deps, user, offerId);
  if (!canDelete(offer.status)) throw invalidTransition();
  const deleted = await removeUnpaidOffer(deps, profile.id, offerId);
  if (!deleted) return refusal(deps, offerId);
  if (deleted.cardKey) {
    const key = deleted.cardKey;
    await deps.cards.removeFile(key);
  }
}

/**
 * Deletes an unpaid offer: its open checkouts are ended at the provider first (so nobody can pay
 * an offer that is gone), then the offer goes in one transaction; null when a payment holds it.
 */
export async function removeUnpaidOffer(
  deps: LifecycleDeps,
  profileId: number,
  offerId: number,
): Promise<OfferRow | null> {
  // Provider calls happen outside the transaction: a slow provider must not hold row locks.
  const ended: number[] = [];
  for (const checkout of await openCheckoutsOf(deps.db, offerId)) {
    const result = await callProvider(deps.log, 'payment provider: ending a checkout failed', {}, () =>
      deps.payments.expireCheckout(checkout.externalId),
    );
    if (!result.ok) throw paymentProviderFailed();
    ended.push(checkout.id);
  }
  return deps.db.transaction((tx) => deleteUnpaidOffer(tx, profileId, offerId, ended));
}

export interface ReportInput {
  fields: Record<string, unknown> | null;
  minutes: Buffer | null;
}

/**
 * PUT /user/offer/{id}/done with the hearing report. Held, adjourned or not held: payed → done,
 * the client mailed the report and the acceptance link. Cancelled by the court: payed →
 * cancelled, the whole payment refunded through the payments port, both sides told. One
 * transaction per outcome; the refund is sent after it committed (and retried by the clock).
 */
export async function fileHearingReport(
  deps: OffersDeps,
  user: { id: string },
  offerId: number,
  input: ReportInput,
): Promise<OfferDto> {
  // The offer with its lawyer: the only read of the offer this request makes.
  const found = await findOwnOfferWithLawyer(deps.db, user.id, offerId);
  if (!found) throw offerNotFound();
  const { offer, profile } = found;
  if (!input.fields || input.fields.outcome === undefined || input.fields.outcome === '')
    throw reportRequired();
  const now = deps.clock.now();
  const parsed = hearingReportSchemaAt(() => now).safeParse(input.fields);
  if (!parsed.success) throw validationFailed(firstIssueByPath(parsed.error));
  const report = parsed.data;
  if (offer.status !== 'payed') throw invalidTransition();
  if (!canFileReportAt(offer.hearingAt, now)) throw reportBeforeHearing();

  const minutes = input.minutes ? checkMinutes(input.minutes) : null;
  const minutesKey = minutes ? `private/minutes/${randomBytes(16).toString('hex')}.pdf` : null;
  if (minutes && minutesKey) await deps.storage.put(minutesKey, minutes, 'application/pdf');

  const context = mailContextOf(deps);
  const cancelled = report.outcome === 'cancelled_by_court';
  let updated: OfferRow;
  try {
    updated = await deps.db.transaction(async (tx) => {
      const token = newSecretToken();
      const row = cancelled
        ? await transitionOffer(tx, offerId, 'reportCourtCancelled', 'provider', now, {
            profileId: profile.id,
          })
        : await transitionOffer(tx, offerId, 'markDone', 'provider', now, {
            profileId: profile.id,
            acceptanceTokenHash: hashToken(token),
          });
      const saved = await insertHearingReport(tx, {
        offerId,
        outcome: report.outcome,
        nextHearingAt: report.nextHearingAt,
        notes: report.notes,
        minutesKey,
        createdAt: now,
      });
      const payment = await findPaidPayment(tx, offerId);
      if (!payment) {
        // A payed offer always has its paid payment; without one nobody could be told or refunded.
        deps.log.error({ offerId }, 'hearing report on an offer without a paid payment');
        return row;
      }
      if (cancelled) {
        await settleCourtCancellation(deps, tx, { ...found, offer: row }, payment, report.notes, now);
      } else {
        await enqueueMail(
          tx,
          offerDoneMail(
            {
              locale: payment.locale,
              to: payment.email,
              token,
              lawyerName: fullNameOf(profile),
              offerTitle: row.title,
              grossGrosze: row.grossGrosze,
              acceptanceWindowDays: deps.config.acceptanceWindowDays,
              doneAt: now,
              report: reportLinesOf(saved),
            },
            context,
          ),
          now,
        );
      }
      return row;
    });
  } catch (error) {
    if (minutesKey) await deps.storage.delete(minutesKey).catch(() => undefined);
    throw error;
  }
  if (cancelled) await sendCourtCancellationMoney(deps, offerId);
  const [dto] = await withReports(deps, [updated], [toOfferDto(updated, profile, deps.config.publicUrl)]);
  if (!dto) throw new Error('offer vanished');
  return dto;
}
