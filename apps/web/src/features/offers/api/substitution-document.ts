import type { OfferDto } from '@substytut/shared';
import { downloadApiFile } from '@/lib/save-file';

/**
 * Paid offers still in play: the document exists for them (decision 021). Archived cards carry no
 * actions (spec 2), and by then the hearing is over.
 */
const PAID_STATUSES: readonly OfferDto['status'][] = ['payed', 'done'];
export const hasSubstitutionDocument = (offer: OfferDto) => PAID_STATUSES.includes(offer.status);

/** GET /user/offer/{id}/substitution-document: the lawyer's copy, as a PDF download. */
export function downloadSubstitutionDocument(offerId: number): Promise<void> {
  return downloadApiFile(`/user/offer/${offerId}/substitution-document`, `substytucja-${offerId}.pdf`);
}
