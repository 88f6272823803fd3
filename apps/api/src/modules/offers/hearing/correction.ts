import { isEmptyHearing, mergeHearing, sameHearing, type HearingData } from '@substytut/shared';
import type { Tx } from '../../../db/client.ts';
import type { OfferRow } from '../../../db/schema.ts';
import type { StoredHearingCorrection } from '../../../db/schema/offer-payments.ts';
import { hearingColumns, hearingOf } from '../offers.dto.ts';
import { replaceHearing } from '../offers.repo.ts';

/** A payer's step-2 hearing correction as the payments row keeps it; null when they gave none. */
export function toStoredCorrection(h: HearingData | null | undefined): StoredHearingCorrection | null {
  if (!h || isEmptyHearing(h)) return null;
  return { ...h, startsAt: h.startsAt ? h.startsAt.toISOString() : null };
}

function fromStored(h: StoredHearingCorrection): HearingData {
  return { ...h, startsAt: h.startsAt ? new Date(h.startsAt) : null };
}

/**
 * When a payer's checkout pays the offer, what they added or corrected in step 2 becomes the
 * offer's hearing (inside the paying transaction, on the locked row). A real change raises the
 * calendar event's SEQUENCE. Returns the offer as it is now.
 */
export async function applyHearingCorrection(
  tx: Tx,
  offer: OfferRow,
  correction: StoredHearingCorrection | null,
  now: Date,
): Promise<OfferRow> {
  if (!correction) return offer;
  const merged = mergeHearing(hearingOf(offer), fromStored(correction));
  if (sameHearing(merged, hearingOf(offer))) return offer;
  return (await replaceHearing(tx, offer.id, hearingColumns(merged), now)) ?? offer;
}
