import {
  addDays,
  isOfferExpired,
  offerExpiresAt,
  warsawDate,
  warsawStartOfDay,
  type IsoDate,
} from './dates.ts';
import { canStartPayment, type OfferStatus } from './offer-status.ts';
import { withheldFee } from './plans.ts';

/**
 * The offer lifecycle's pure rules: what the API decides with them it decides nowhere else, and
 * the clock job's SQL asks for exactly what these functions say is due.
 */

/** A client may start paying: the offer waits for payment and its day has not ended. */
export function isOfferPayable(offer: { status: OfferStatus; expireDate: IsoDate }, now: Date): boolean {
  return canStartPayment(offer.status) && !isOfferExpired(offer.expireDate, now);
}

/**
 * Offers whose expiry day is before this Warsaw day have expired (an offer is valid through its
 * whole expiry day): `expire_date < expiredBefore(now)` is the clock job's test.
 */
export function expiredBefore(now: Date): IsoDate {
  return warsawDate(now);
}

/**
 * The acceptance window counts Warsaw calendar days like the offer's expiry: an offer marked done
 * on day D may be confirmed through the whole day D + `days`, and is archived when the next
 * Warsaw day begins: the client has the rest of that day and `days` whole calendar days more.
 */
export function acceptanceClosesAt(doneAt: Date, days: number): Date {
  return warsawStartOfDay(addDays(warsawDate(doneAt), days + 1));
}

/** While the client may still confirm or dispute a job marked done at `doneAt`. */
export function isAcceptanceWindowOpen(doneAt: Date, days: number, now: Date): boolean {
  return acceptanceClosesAt(doneAt, days).getTime() > now.getTime();
}

/**
 * Offers marked done before this instant have had their acceptance window close by `now`
 * (equivalent to `acceptanceClosesAt(doneAt, days) <= now`): `done_at < cutoff` is the clock
 * job's test.
 */
export function acceptanceCutoff(now: Date, days: number): Date {
  return warsawStartOfDay(addDays(warsawDate(now), -days));
}

/** Stripe accepts a checkout expiry between 30 minutes and 24 hours ahead; a minute of margin each side. */
const CHECKOUT_MIN_MS = 31 * 60 * 1000;
const CHECKOUT_MAX_MS = 24 * 60 * 60 * 1000 - 60 * 1000;

/**
 * A checkout ends no later than the offer (expireDate's Warsaw day), within the provider's
 * bounds; an offer ending within half an hour gets the minimum, and a payment that lands after
 * the offer expired is still honoured (the status machine allows expired → payed).
 */
export function checkoutExpiresAt(offer: { expireDate: IsoDate }, now: Date): Date {
  const end = offerExpiresAt(offer.expireDate).getTime();
  return new Date(Math.max(now.getTime() + CHECKOUT_MIN_MS, Math.min(end, now.getTime() + CHECKOUT_MAX_MS)));
}

/**
 * The platform's share of a gross amount in whole grosze, rounded half up (`withheldFee`). The
 * percent is taken to the hundredth (basis points) so the arithmetic stays in integers: 2.3 % of
 * 15 zł is 35 gr (34.5 rounded up), where floating point makes it 34.4999… and rounds down.
 */
export function platformFee(grossGrosze: number, percent: number): number {
  return payoutOf(grossGrosze, percent).fee;
}

/** What the lawyer receives of a payment: the gross less the platform's fee. */
export function payoutOf(grossGrosze: number, percent: number): { amount: number; fee: number } {
  if (!(percent >= 0 && percent <= 100)) throw new RangeError(`Not a percent: ${percent}`);
  const { amount, fee } = withheldFee(grossGrosze, Math.round(percent * 100));
  return { amount, fee };
}
