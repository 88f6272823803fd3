import {
  offerCreatedDtoSchema,
  offerCreateSchemaWith,
  offerDtoSchema,
  offerUpdateSchemaWith,
} from '@substytut/shared';
import { z } from 'zod';
import type { Clock } from '../app/clock.ts';
import { dataOf } from '../app/http.ts';
import { offerNotFound } from './offers.errors.ts';

export const offerResponse = dataOf(offerDtoSchema);
export const offerListResponse = dataOf(z.array(offerDtoSchema));
export const offerCreatedResponse = dataOf(offerCreatedDtoSchema);
export const emptyResponse = dataOf(z.null());

// Validated on the route, against the app's clock as read during validation ("tomorrow" moves with
// a test clock too), so an expiry in the past is refused before the handler runs.
export const offerCreateBody = (clock: Clock) => offerCreateSchemaWith(() => clock.now());
export const offerUpdateBody = (clock: Clock) => offerUpdateSchemaWith(() => clock.now());

const MAX_ID = 2_147_483_647;

/**
 * Offer ids are positive integers (the column is a 32-bit identity). Anything else in the path
 * (letters, '1.5', '-1', '007', beyond the column's range) names no offer: 404, never a 500 from
 * the database.
 */
export function parseOfferId(raw: string): number {
  if (!/^[1-9]\d{0,9}$/.test(raw)) throw offerNotFound();
  const id = Number(raw);
  if (id > MAX_ID) throw offerNotFound();
  return id;
}

/** Any segment: what is not an offer id is a 404 (parseOfferId), not a validation error. */
export const offerIdParams = z.object({ id: z.string() });

/**
 * The payer's secret (decision 013): a browser that sends it back gets its own open checkout of
 * the offer again, its substitution document and its invoices; nobody else does.
 */
export const PAYER_COOKIE = 'substytut_payer';
/** As long as a checkout can live (Stripe's maximum of 24 hours). */
export const PAYER_COOKIE_MAX_AGE_S = 24 * 60 * 60;
