/**
 * The offers feature's face: what other features, the composition root and the server use from
 * the offer lifecycle. Everything else in this folder is its inside (docs/layers.md,
 * decision 032).
 */

// Wiring (composition/, server.ts)
export type { LifecycleDeps, OfferInvoicing } from './offers.deps.ts';
export { mailContextOf } from './offers.deps.ts';
export { offersLawyerRoutes } from './lawyer/lawyer.routes.ts';
export { offersClientRoutes } from './client/client.routes.ts';
export { offersAdminRoutes } from './admin/admin.routes.ts';
export { handlePaymentEvents } from './money/events.ts';
export { startClockJob } from './money/clock.ts';
export { sendHearingReminders } from './hearing/reminder.ts';
export { createOfferCards, type OfferCards } from './documents/cards.ts';

// For other features: the one offer row → DTO mapping (admin, public-profile), the payer's cookie
// (invoices), and the status machine's one change (tests of other features seed with it).
export { toOfferDto, toPublicOfferDto } from './offers.dto.ts';
export { PAYER_COOKIE } from './offers.schemas.ts';
export { transitionOffer } from './offers.transitions.ts';

// For the substitution board (issue 32): a picked answer becomes the substitute's offer.
export {
  createOfferForBoard,
  removeOfferForBoard,
  type BoardOffer,
  type BoardOfferInput,
} from './lawyer/board-offer.ts';
