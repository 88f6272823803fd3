import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  OFFER_TRANSITIONS,
  fromStatusesFor,
  type OfferAction,
  type OfferActor,
  type OfferStatus,
} from '@substytut/shared';
import type { DbOrTx } from '../../db/client.ts';
import { offers, type OfferRow } from '../../db/schema.ts';
import { isAppError } from '../app/errors.ts';
import { publicPagesChanged } from '../app/public-page-cache.ts';

import { INVALID_TRANSITION, invalidTransition } from './offers.errors.ts';

/** Columns a transition may set besides status (e.g. the acceptance token hash on markDone). */
export type TransitionExtra = Partial<
  Pick<OfferRow, 'acceptanceTokenHash' | 'cardKey' | 'disputeReason' | 'resolution' | 'resolutionReason'>
> & {
  /** only change the offer when it also belongs to this profile (owner checks in one statement) */
  profileId?: number;
};

// Which timestamp records reaching a status; the first time counts (coalesce keeps it).
const STAMP: Partial<Record<OfferStatus, keyof typeof offers.$inferSelect>> = {
  payed: 'paidAt',
  done: 'doneAt',
  accepted: 'acceptedAt',
  archive: 'archivedAt',
  expired: 'expiredAt',
  disputed: 'disputedAt',
  resolved: 'resolvedAt',
};

/**
 * Applies `action`, done by `by`, to one offer through the shared status machine as a single
 * conditional update: `UPDATE offers SET status = <to> WHERE id = ? AND status IN (<from…>)`.
 * Each action of OFFER_TRANSITIONS has one target status, so the `to` is known up front and two
 * racing calls cannot both succeed: the loser matches no row.
 *
 * Returns the updated row (with the status before the change in `previousStatus`), or throws
 * 409 `offers.invalid_transition` — also when the offer does not exist or (with
 * `extra.profileId`) belongs to someone else; callers that must answer 404 check ownership first.
 * Pass a transaction to make the change part of a larger one (e.g. recording a provider event).
 */
export async function transitionOffer(
  db: DbOrTx,
  offerId: number,
  action: OfferAction,
  by: OfferActor,
  now: Date,
  extra: TransitionExtra = {},
): Promise<OfferRow & { previousStatus: OfferStatus }> {
  const allowed = OFFER_TRANSITIONS.filter((t) => t.action === action && t.by === by);
  const targets = new Set(allowed.map((t) => t.to));
  const [to] = [...targets];
  if (!to || targets.size !== 1) throw invalidTransition();
  const from = fromStatusesFor(action).filter((status) => allowed.some((t) => t.from === status));
  const { profileId, ...columns } = extra;
  const stamp = STAMP[to];
  const stampColumn = stamp ? offers[stamp] : undefined;

  // previousStatus tells e.g. a paystart→payed from an expired→payed without a second, racy read.
  const rows = await db
    .update(offers)
    .set({
      ...columns,
      status: to,
      updatedAt: now,
      ...(stamp && stampColumn
        ? { [stamp]: sql`coalesce(${stampColumn}, ${now.toISOString()}::timestamptz)` }
        : {}),
    })
    .where(
      and(
        eq(offers.id, offerId),
        inArray(offers.status, from),
        profileId === undefined ? undefined : eq(offers.profileId, profileId),
      ),
    )
    // A sub-select in RETURNING sees the table as it was before this statement.
    .returning({
      ...getTableColumns(offers),
      previousStatus: sql<OfferStatus>`(select o.status from offers o where o.id = "offers"."id")`,
    });
  const row = rows[0];
  if (!row) throw invalidTransition();
  publicPagesChanged();
  return row;
}

/**
 * Applies a transition; null (instead of 409) when the offer is not in a status it starts from.
 * The changed row otherwise, so the caller holds the offer as it is now without reading it again.
 */
export async function tryTransition(
  db: DbOrTx,
  offerId: number,
  action: OfferAction,
  by: OfferActor,
  now: Date,
  extra: TransitionExtra = {},
): Promise<(OfferRow & { previousStatus: OfferStatus }) | null> {
  try {
    return await transitionOffer(db, offerId, action, by, now, extra);
  } catch (error) {
    if (isAppError(error) && error.code === INVALID_TRANSITION) return null;
    throw error;
  }
}
