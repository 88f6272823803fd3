import { disputeAnswerSchema, firstIssueByPath, type OfferDto } from '@substytut/shared';
import { validationFailed } from '../../app/errors.ts';
import { hashToken } from '../../app/token-crypto.ts';
import { enqueueMail } from '../../mail/index.ts';
import type { Storage } from '../../storage/index.ts';
import { checkMinutes, newPrivatePdfKey } from '../documents/minutes.ts';
import { disputeAnsweredAdminMail, disputeAnsweredClientMail } from '../mails/dispute-mails.ts';
import { findPaidPayment } from '../money.repo.ts';
import { mailContextOf, type LifecycleDeps } from '../offers.deps.ts';
import { toOfferDto, withReports } from '../offers.dto.ts';
import { acceptanceInvalid, disputeAnswered, invalidTransition, offerNotFound } from '../offers.errors.ts';
import {
  adminRecipients,
  findOfferByAcceptanceToken,
  findOfferWithLawyer,
  findOwnOfferWithLawyer,
  setDisputeAnswer,
} from '../offers.repo.ts';

/**
 * The dispute's record both sides write to (issue 34, decision 044): the client's reason (sent
 * from the confirmation page, client.service.ts) and the lawyer's one answer, with an optional
 * file under the minutes' rules. Each side is told of the other's entry; the administrator reads
 * both and decides (admin.service.ts).
 */

export interface DisputeDeps extends LifecycleDeps {
  storage: Storage;
}

export interface AnswerInput {
  fields: Record<string, unknown> | null;
  file: Buffer | null;
}

/**
 * POST /user/offer/{id}/dispute/answer: the lawyer's answer while the dispute is open, once. The
 * file is stored before the transaction (and removed when the answer is refused), the answer set
 * by one conditional update, and the client and the administrators mailed in the same transaction.
 */
export async function answerDispute(
  deps: DisputeDeps,
  user: { id: string },
  offerId: number,
  input: AnswerInput,
): Promise<OfferDto> {
  const found = await findOwnOfferWithLawyer(deps.db, user.id, offerId);
  if (!found) throw offerNotFound();
  const parsed = disputeAnswerSchema.safeParse(input.fields ?? {});
  if (!parsed.success) throw validationFailed(firstIssueByPath(parsed.error));
  const { offer, profile } = found;
  if (offer.status !== 'disputed') throw invalidTransition();
  if (offer.disputeAnswer !== null) throw disputeAnswered();

  const file = input.file ? checkMinutes(input.file) : null;
  const fileKey = file ? newPrivatePdfKey('dispute-answers') : null;
  if (file && fileKey) await deps.storage.put(fileKey, file, 'application/pdf');

  const now = deps.clock.now();
  const context = mailContextOf(deps);
  const answered = await deps.db.transaction(async (tx) => {
    const row = await setDisputeAnswer(tx, offerId, profile.id, {
      disputeAnswer: parsed.data.text,
      disputeAnsweredAt: now,
      disputeAnswerFileKey: fileKey,
    });
    if (!row) return null;
    const mail = {
      offerTitle: row.title,
      reason: row.disputeReason ?? '',
      answer: parsed.data.text,
      hasFile: fileKey !== null,
    };
    const payment = await findPaidPayment(tx, offerId);
    if (payment) {
      await enqueueMail(
        tx,
        disputeAnsweredClientMail({ ...mail, locale: payment.locale, to: payment.email }, context),
        now,
      );
    }
    for (const admin of await adminRecipients(tx)) {
      await enqueueMail(
        tx,
        disputeAnsweredAdminMail({ ...mail, locale: admin.locale, to: admin.email }, context),
        now,
      );
    }
    return row;
  });
  if (!answered) {
    if (fileKey) await deps.storage.delete(fileKey).catch(() => undefined);
    // Another answer or the administrator's decision came first.
    const now = await findOfferWithLawyer(deps.db, offerId);
    throw now?.offer.status === 'disputed' ? disputeAnswered() : invalidTransition();
  }
  const [dto] = await withReports(deps, [answered], [toOfferDto(answered, profile, deps.config.publicUrl)]);
  if (!dto) throw offerNotFound();
  return dto;
}

/** The answer's file of the lawyer's own offer; null when there is none (404 at the route). */
export async function answerFileOfOwner(
  deps: LifecycleDeps,
  user: { id: string },
  offerId: number,
): Promise<string | null> {
  const found = await findOwnOfferWithLawyer(deps.db, user.id, offerId);
  if (!found) throw offerNotFound();
  return found.offer.disputeAnswerFileKey;
}

/** The answer's file for the administrator. */
export async function answerFileOfOffer(deps: LifecycleDeps, offerId: number): Promise<string | null> {
  return (await findOfferWithLawyer(deps.db, offerId))?.offer.disputeAnswerFileKey ?? null;
}

/** The answer's file for the holder of the acceptance link (the payer). */
export async function answerFileOfToken(deps: LifecycleDeps, token: string): Promise<string | null> {
  const found = await findOfferByAcceptanceToken(deps.db, hashToken(token));
  if (!found) throw acceptanceInvalid();
  return found.offer.disputeAnswerFileKey;
}
