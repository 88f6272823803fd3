import { z } from 'zod';
import { isIsoDate, latestExpiryInWarsaw, tomorrowInWarsaw, type IsoDate } from '../dates.ts';
import {
  OFFER_NET_MAX_GROSZE,
  OFFER_NET_MIN_GROSZE,
  grossFromNet,
  groszeToDecimalString,
  parsePlnToGrosze,
} from '../money.ts';
import { EMPTY_HEARING, hearingInputSchemaWith, type HearingData } from '../hearing.ts';
import { isValidCourtCancellationFee } from '../dispute-rules.ts';
import { requiredText, textField } from './fields.ts';

export const OFFER_TITLE_MAX_LENGTH = 120;
export const OFFER_DESCRIPTION_MAX_LENGTH = 2000;

// ISO calendar days compare correctly as strings.
const isNotTooEarly = (day: IsoDate, now: Date): boolean => day >= tomorrowInWarsaw(now);
const isNotTooLate = (day: IsoDate, now: Date): boolean => day <= latestExpiryInWarsaw(now);

/**
 * An expiry date is valid from tomorrow to a year from today, in Warsaw calendar days (the date
 * picker disables the others).
 */
export function isValidExpiry(expireDate: string, now: Date): boolean {
  return isIsoDate(expireDate) && isNotTooEarly(expireDate, now) && isNotTooLate(expireDate, now);
}

const amountInput = z.union([z.string(), z.number()], { error: 'validation.fillField' });

function toGrosze(value: string | number, ctx: z.core.$RefinementCtx): number {
  if (typeof value === 'string' && value.trim() === '') {
    ctx.issues.push({ code: 'custom', message: 'validation.fillField', input: value });
    return z.NEVER;
  }
  const grosze = parsePlnToGrosze(value);
  if (grosze === null) {
    ctx.issues.push({ code: 'custom', message: 'validation.priceFormat', input: value });
    return z.NEVER;
  }
  if (grosze < OFFER_NET_MIN_GROSZE || grosze > OFFER_NET_MAX_GROSZE) {
    ctx.issues.push({ code: 'custom', message: 'validation.priceRange', input: value });
    return z.NEVER;
  }
  return grosze;
}

const titleField = requiredText({ required: 'validation.fillField', max: OFFER_TITLE_MAX_LENGTH });

const expireDateField = (clock: () => Date) =>
  textField('validation.dateInvalid')
    .refine(isIsoDate, { error: 'validation.dateInvalid', abort: true })
    .refine((day) => isNotTooEarly(day, clock()), { error: 'validation.expireDateTooEarly', abort: true })
    .refine((day) => isNotTooLate(day, clock()), 'validation.expireDateTooLate');

/** Net PLN as '123.45', '123,45' or a number; at most 2 decimals, above 0 and up to 1000. */
export const netPriceField = amountInput.transform(toGrosze);

/** Optional; a client's gross is checked against the computed one, never trusted. */
const priceBruttoField = z
  .union([z.string(), z.number()], { error: 'validation.priceBruttoMismatch' })
  .nullish()
  .transform((value, ctx): number | null => {
    if (value === undefined || value === null || value === '') return null;
    const grosze = parsePlnToGrosze(value);
    if (grosze === null) {
      ctx.issues.push({ code: 'custom', message: 'validation.priceBruttoMismatch', input: value });
      return z.NEVER;
    }
    return grosze;
  });

/**
 * Optional net PLN the lawyer keeps when the court cancels the hearing on the day (issue 34,
 * decision 044); blank or absent is none. Checked against the price in the object below.
 */
const courtFeeField = z
  .union([z.string(), z.number()], { error: 'validation.priceFormat' })
  .nullish()
  .transform((value, ctx): number | null => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
      return null;
    const grosze = parsePlnToGrosze(value);
    if (grosze === null || grosze < 1) {
      ctx.issues.push({ code: 'custom', message: 'validation.priceFormat', input: value });
      return z.NEVER;
    }
    return grosze;
  });

const descriptionText = textField(undefined, { multiline: true }).max(
  OFFER_DESCRIPTION_MAX_LENGTH,
  'validation.tooLong',
);

function makeOfferCreateSchema(clock: () => Date) {
  return z
    .object({
      title: titleField,
      expireDate: expireDateField(clock),
      price: netPriceField,
      price_brutto: priceBruttoField,
      description: descriptionText.nullish().transform((v) => v ?? ''),
      hearing: hearingInputSchemaWith(clock).nullish(),
      court_cancellation_fee: courtFeeField,
    })
    .superRefine((offer, ctx) => {
      if (offer.price_brutto !== null && offer.price_brutto !== grossFromNet(offer.price))
        ctx.addIssue({ code: 'custom', path: ['price_brutto'], message: 'validation.priceBruttoMismatch' });
      if (
        offer.court_cancellation_fee !== null &&
        !isValidCourtCancellationFee(offer.court_cancellation_fee, offer.price)
      )
        ctx.addIssue({
          code: 'custom',
          path: ['court_cancellation_fee'],
          message: 'validation.courtFeeAbovePrice',
        });
    })
    .transform((offer): OfferCreateData => ({
      title: offer.title,
      expireDate: offer.expireDate,
      description: offer.description,
      netGrosze: offer.price,
      grossGrosze: grossFromNet(offer.price),
      hearing: offer.hearing ?? EMPTY_HEARING,
      courtCancellationFeeNetGrosze: offer.court_cancellation_fee,
    }));
}

/** What a valid offer form or POST /user/offer body becomes: money in grosze, gross computed. */
export interface OfferCreateData {
  title: string;
  expireDate: IsoDate;
  description: string;
  netGrosze: number;
  grossGrosze: number;
  /** Every field null when the lawyer gave none (issue 23). */
  hearing: HearingData;
  /** What the lawyer keeps, net, when the court cancels the hearing on the day; null for none. */
  courtCancellationFeeNetGrosze: number | null;
}

/** The offer form and POST /user/offer, with "tomorrow" taken relative to `now`. */
export const offerCreateSchemaAt = (now: Date) => makeOfferCreateSchema(() => now);
/** The same, against the clock at the moment of validation. */
export const offerCreateSchema = makeOfferCreateSchema(() => new Date());
/** The same, against a clock read at the moment of validation (the API's app clock). */
export const offerCreateSchemaWith = (clock: () => Date) => makeOfferCreateSchema(clock);

/**
 * PUT /user/offer/{id}: each field as in a new offer, every one optional. A field left out (or
 * null) keeps its stored value; the whole offer as changed is checked again by the API against the
 * stored one (a gross sent without a net is compared with the stored net).
 */
export const offerUpdateSchemaWith = (clock: () => Date) =>
  z.object({
    title: titleField.nullish(),
    expireDate: expireDateField(clock).nullish(),
    price: netPriceField.nullish(),
    price_brutto: priceBruttoField,
    description: descriptionText.nullish(),
    /** The whole hearing as it should be now; left out or null keeps the stored one. */
    hearing: hearingInputSchemaWith(clock).nullish(),
  });

export type OfferUpdateData = z.output<ReturnType<typeof offerUpdateSchemaWith>>;

export type OfferCreateInput = z.input<typeof offerCreateSchema>;

/** The body of POST /user/offer (spec 7) built from validated data: decimal PLN strings. */
export function toOfferCreatePayload(data: OfferCreateData): {
  title: string;
  expireDate: IsoDate;
  price: string;
  price_brutto: string;
  description: string;
  court_cancellation_fee?: string;
} {
  return {
    title: data.title,
    expireDate: data.expireDate,
    price: groszeToDecimalString(data.netGrosze),
    price_brutto: groszeToDecimalString(data.grossGrosze),
    description: data.description,
    ...(data.courtCancellationFeeNetGrosze
      ? { court_cancellation_fee: groszeToDecimalString(data.courtCancellationFeeNetGrosze) }
      : {}),
  };
}
