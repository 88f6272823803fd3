import {
  addDays,
  BOARD_ASSIGNMENT_PAY_HOURS,
  findCourt,
  formatHearingTime,
  warsawDate,
  type BoardOfferLink,
} from '@substytut/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { boardRequests } from '../../../db/schema/board.ts';
import { enqueueMail } from '../../mail/index.ts';
import { createOfferForBoard, mailContextOf } from '../../offers/index.ts';
import type { BoardDeps, BoardRequestRow } from '../board.deps.ts';
import { offerLinkOf } from '../board.dto.ts';
import { substituteUnavailable } from '../board.errors.ts';
import { peopleByProfile, peopleByUser, type BoardResponseRow } from '../board.repo.ts';
import { tryBoardTransition } from '../board.transitions.ts';
import { boardMail, mailAnswerers } from '../mails/board-mails.ts';

const HOUR_MS = 3_600_000;

/**
 * Until when a pick must be paid: BOARD_ASSIGNMENT_PAY_HOURS from the pick, and never after the
 * hearing has started (decision 039). Past it the clock lapses the pick: back to open while the
 * answer deadline has not passed, else the request expires.
 */
export function payByOf(now: Date, request: Pick<BoardRequestRow, 'startsAt'>): Date {
  return new Date(Math.min(now.getTime() + BOARD_ASSIGNMENT_PAY_HOURS * HOUR_MS, request.startsAt.getTime()));
}

/** The offer's title: the court and the hearing's time (the offer's own 120-character limit). */
function offerTitle(request: BoardRequestRow): string {
  const court = findCourt(request.courtId)?.name ?? request.courtId;
  return `Zastępstwo: ${court}, ${formatHearingTime(request.startsAt, 'pl')}`.slice(0, 120);
}

/**
 * The pick, whoever makes it (the poster, or the first acceptance of an auto-assign request):
 * open → assigned in one conditional update, the substitute's offer for this hearing created in
 * the same transaction (court, division, case number, time, mode, the parties in the offer's
 * party field, the agreed net and its gross, an expiry day that covers the pay window), and the
 * mails: the picked "you were picked", the others "given to someone else" (and, for an automatic
 * pick, the poster "pay by"). Null when another change came first.
 */
export async function assignResponse(
  deps: BoardDeps,
  request: BoardRequestRow,
  response: BoardResponseRow,
  by: 'poster' | 'auto',
): Promise<{ row: BoardRequestRow; link: BoardOfferLink } | null> {
  const now = deps.clock.now();
  const payBy = payByOf(now, request);
  const net = response.priceNetGrosze ?? request.feeNetGrosze;
  if (net === null) throw substituteUnavailable();
  const result = await deps.db.transaction(async (tx) => {
    const row = await tryBoardTransition(tx, request.id, 'assign', now, {
      assignedResponseId: response.id,
      assignedAt: now,
      payBy,
    });
    if (!row) return null;
    const people = await peopleByProfile(tx, [response.substituteProfileId]);
    const substitute = people.get(response.substituteProfileId);
    if (!substitute) throw substituteUnavailable();
    const offer = await createOfferForBoard(
      tx,
      deps.lifecycle,
      {
        substituteUserId: substitute.user.id,
        title: offerTitle(row),
        description: row.task,
        netGrosze: net,
        // The offer's day must not end before the pay window; one day more for a late-evening pick.
        expireDate: addDays(warsawDate(payBy), 1),
        hearing: {
          courtId: row.courtId,
          division: row.division,
          caseNumber: row.caseNumber,
          startsAt: row.startsAt,
          mode: row.mode,
          remoteLink: null,
          party: row.parties.map((p) => `${p.name} (${p.role})`).join('; ').slice(0, 200) || null,
        },
      },
      now,
    );
    // A substitute who can no longer have offers: the whole pick is undone (the rollback).
    if (!offer) throw substituteUnavailable();
    const [linked] = await tx
      .update(boardRequests)
      .set({ offerId: offer.id })
      .where(eq(boardRequests.id, row.id))
      .returning();
    await mailPick(deps, tx, linked ?? row, response, by, offerLinkOf(offer.seolink, offer.offerUrl, offer.status));
    return { row: linked ?? row, link: offerLinkOf(offer.seolink, offer.offerUrl, offer.status) };
  });
  if (result) await deps.notifier.requestChanged({ requestId: request.id, state: result.row.state });
  return result;
}

async function mailPick(
  deps: BoardDeps,
  tx: Tx,
  request: BoardRequestRow,
  picked: BoardResponseRow,
  by: 'poster' | 'auto',
  link: BoardOfferLink,
): Promise<void> {
  const now = deps.clock.now();
  const context = mailContextOf(deps.lifecycle);
  await mailAnswerers(tx, request, (r) => (r.id === picked.id ? 'picked' : 'given_to_other'), context, now);
  if (by === 'auto') {
    const poster = (await peopleByUser(tx, [request.posterUserId])).get(request.posterUserId);
    if (poster && request.payBy) {
      const locale = poster.user.locale;
      await enqueueMail(
        tx,
        boardMail(
          {
            kind: 'auto_assigned',
            to: poster.user.email,
            locale,
            request,
            extra: formatHearingTime(request.payBy, locale),
            path: link.payment_path,
          },
          context,
        ),
        now,
      );
    }
  }
}

/** The first acceptance of the fixed fee takes an auto-assign request; a later one changes nothing. */
export async function autoAssign(deps: BoardDeps, request: BoardRequestRow, response: BoardResponseRow): Promise<void> {
  try {
    await assignResponse(deps, request, response, 'auto');
  } catch (error) {
    // The answer stands; the poster can still pick by hand.
    deps.log.warn({ err: error, requestId: request.id }, 'board: automatic pick failed');
  }
}
