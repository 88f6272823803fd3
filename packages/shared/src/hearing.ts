import { z } from 'zod';
import { formatHearingTime } from './hearing-time.ts';
import { findCourt, isCourtId } from './reference-data/courts.ts';
import { textField } from './validation/fields.ts';

export * from './hearing-time.ts';

/**
 * The hearing behind an offer (issue 23): court, division, case number, date and hour in
 * Europe/Warsaw, in person or remote, the party represented. One offer is one hearing. Every field
 * is optional for the lawyer; the client may add or correct them in step 2 before paying.
 */

export const HEARING_MODES = ['in_person', 'remote'] as const;
export type HearingMode = (typeof HEARING_MODES)[number];

export const HEARING_DIVISION_MAX_LENGTH = 200;
export const HEARING_PARTY_MAX_LENGTH = 200;
export const HEARING_LINK_MAX_LENGTH = 500;
/** A hearing is set for weeks or months ahead; two years catches a mistyped year. */
export const HEARING_MAX_YEARS_AHEAD = 2;

// A division in Roman numerals (I–LXXXIX), the register's symbol (C, K, ACa, GNc, Nc-e…), the
// number in the register and the year in two or four digits: 'I C 123/24', 'XXV C 1234/23'.
const ROMAN_DIVISION = '(?=[IVXL])(?:XL|L?X{0,3})(?:IX|IV|V?I{0,3})';
const CASE_NUMBER = new RegExp(
  `^${ROMAN_DIVISION} [A-Z][A-Za-z]{0,4}(?:-e)? [1-9]\\d{0,5}/(?:\\d{2}|\\d{4})$`,
);

/** Spaces around the parts collapsed, the division's numeral in capitals: 'ii  k 12 / 25' → 'II k 12/25'. */
export function normalizeCaseNumber(raw: string): string {
  const text = raw
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\s*\/\s*/g, '/');
  return text.replace(/^([ivxl]+)(?= )/i, (numeral) => numeral.toUpperCase());
}

/** The usual shape of a Polish case number (sygnatura akt), after normalizeCaseNumber. */
export function isCaseNumber(text: string): boolean {
  return CASE_NUMBER.test(normalizeCaseNumber(text));
}

export const HEARING_MODE_LABELS = {
  pl: { in_person: 'stacjonarnie', remote: 'zdalnie' },
  en: { in_person: 'in person', remote: 'remote' },
} as const satisfies Record<'pl' | 'en', Record<HearingMode, string>>;

/**
 * One line naming the hearing for anyone: court (city), division, date and hour, mode. Never the
 * case number or the party. Null when none of these is known.
 */
export function hearingSummary(h: HearingDto | null, locale: 'pl' | 'en'): string | null {
  if (!h) return null;
  const parts = [
    h.court_name,
    h.division,
    h.starts_at ? formatHearingTime(h.starts_at, locale) : null,
    h.mode ? HEARING_MODE_LABELS[locale][h.mode] : null,
  ].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(', ') : null;
}

/** What the API stores: every field null when not given. */
export interface HearingData {
  courtId: string | null;
  division: string | null;
  caseNumber: string | null;
  startsAt: Date | null;
  mode: HearingMode | null;
  remoteLink: string | null;
  party: string | null;
}

export const EMPTY_HEARING: HearingData = {
  courtId: null,
  division: null,
  caseNumber: null,
  startsAt: null,
  mode: null,
  remoteLink: null,
  party: null,
};

export const isEmptyHearing = (h: HearingData): boolean => Object.values(h).every((value) => value === null);

/** Whether two hearings hold the same details (a change bumps the calendar event's SEQUENCE). */
export function sameHearing(a: HearingData, b: HearingData): boolean {
  return (Object.keys(EMPTY_HEARING) as (keyof HearingData)[]).every((key) => {
    const x = a[key];
    const y = b[key];
    return x instanceof Date || y instanceof Date
      ? x instanceof Date && y instanceof Date && x.getTime() === y.getTime()
      : x === y;
  });
}

/**
 * The client's correction in step 2 over the lawyer's hearing: what the client filled in wins,
 * what they left empty keeps the lawyer's value (they never see the case number or the party
 * before paying, so an empty field there is no request to erase it). Switching to in person drops
 * the remote link.
 */
export function mergeHearing(base: HearingData, correction: HearingData): HearingData {
  const merged = Object.fromEntries(
    Object.entries(base).map(([key, value]) => [key, correction[key as keyof HearingData] ?? value]),
  ) as unknown as HearingData;
  return merged.mode === 'in_person' ? { ...merged, remoteLink: null } : merged;
}

const blankToNull = (value: string | null | undefined) =>
  value === undefined || value === '' ? null : value;

const optionalShortText = (max: number) =>
  textField('validation.invalid')
    .max(max, 'validation.tooLong')
    .nullish()
    .transform((v) => blankToNull(v));

/** A court division as the hearing forms and the board's request take it: optional short text. */
export const divisionField = optionalShortText(HEARING_DIVISION_MAX_LENGTH);

/** An optional case number (sygnatura akt), normalised, in the usual shape; blank is null. */
export const caseNumberField = textField('validation.caseNumberFormat')
  .nullish()
  .transform((v) => blankToNull(v))
  .transform((v) => (v === null ? null : normalizeCaseNumber(v)))
  .refine((v) => v === null || isCaseNumber(v), 'validation.caseNumberFormat');

function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** A hearing's date and hour: an ISO instant with offset, in the future, at most two years ahead. */
export const hearingStartsAtField = (clock: () => Date) =>
  z
    .string({ error: 'validation.hearingDateInvalid' })
    .nullish()
    .transform((value, ctx): Date | null => {
      if (value === undefined || value === null || value === '') return null;
      const parsed = z.iso.datetime({ offset: true }).safeParse(value);
      if (!parsed.success) {
        ctx.issues.push({ code: 'custom', message: 'validation.hearingDateInvalid', input: value });
        return z.NEVER;
      }
      const date = new Date(value);
      const now = clock();
      if (date.getTime() <= now.getTime()) {
        ctx.issues.push({ code: 'custom', message: 'validation.hearingInPast', input: value });
        return z.NEVER;
      }
      const latest = new Date(now);
      latest.setUTCFullYear(latest.getUTCFullYear() + HEARING_MAX_YEARS_AHEAD);
      if (date.getTime() > latest.getTime()) {
        ctx.issues.push({ code: 'custom', message: 'validation.hearingTooLate', input: value });
        return z.NEVER;
      }
      return date;
    });

/**
 * The hearing as the offer form, PUT /user/offer/{id} and step 2 send it (the DTO's snake_case
 * names; court_name and court_city are the server's and ignored). Times are ISO 8601 instants;
 * the forms build them from a Warsaw day and hour (warsawDateTimeToIso).
 */
export function hearingInputSchemaWith(clock: () => Date) {
  return (
    z
      .object({
        court_id: textField('validation.courtUnknown')
          .nullish()
          .transform((v) => blankToNull(v))
          .refine((v) => v === null || isCourtId(v), 'validation.courtUnknown'),
        division: divisionField,
        case_number: caseNumberField,
        starts_at: hearingStartsAtField(clock),
        mode: z
          .enum(HEARING_MODES, { error: 'validation.optionInvalid' })
          .nullish()
          .transform((v) => v ?? null),
        remote_link: textField('validation.remoteLinkHttps')
          .max(HEARING_LINK_MAX_LENGTH, 'validation.tooLong')
          .nullish()
          .transform((v) => blankToNull(v))
          .refine((v) => v === null || isHttpsUrl(v), 'validation.remoteLinkHttps'),
        party: optionalShortText(HEARING_PARTY_MAX_LENGTH),
      })
      // A remote hearing's link is optional (issue 34): courts send it days before the hearing, so
      // the lawyer adds it later and is reminded the day before if it is still missing.
      .transform((h): HearingData => ({
        courtId: h.court_id,
        division: h.division,
        caseNumber: h.case_number,
        startsAt: h.starts_at,
        mode: h.mode,
        // A link without a remote hearing would be shown to nobody and mislead on a change of mode.
        remoteLink: h.mode === 'remote' ? h.remote_link : null,
        party: h.party,
      }))
  );
}

export type HearingInput = z.input<ReturnType<typeof hearingInputSchemaWith>>;

/** The hearing in every offer DTO; null when the offer has none of its details. */
export const hearingDtoSchema = z.object({
  court_id: z.string().nullable(),
  /** From the court list; null for no court (or one no longer on the list). */
  court_name: z.string().nullable(),
  court_city: z.string().nullable(),
  division: z.string().nullable(),
  /** Null for anyone but the offer's lawyer and the client who paid it. */
  case_number: z.string().nullable(),
  /** ISO 8601 instant. */
  starts_at: z.string().nullable(),
  mode: z.enum(HEARING_MODES).nullable(),
  remote_link: z.string().nullable(),
  /** Null for anyone but the offer's lawyer and the client who paid it. */
  party: z.string().nullable(),
});
export type HearingDto = z.infer<typeof hearingDtoSchema>;

/**
 * The DTO of a stored hearing. `confidential` is true for the lawyer and the payer: only they see
 * the case number and the party.
 */
export function toHearingDto(h: HearingData, confidential: boolean): HearingDto | null {
  if (isEmptyHearing(h)) return null;
  const court = h.courtId ? findCourt(h.courtId) : undefined;
  return {
    court_id: h.courtId,
    court_name: court?.name ?? null,
    court_city: court?.city ?? null,
    division: h.division,
    case_number: confidential ? h.caseNumber : null,
    starts_at: h.startsAt ? h.startsAt.toISOString() : null,
    mode: h.mode,
    remote_link: h.remoteLink,
    party: confidential ? h.party : null,
  };
}

/** The DTO's hearing as the input schema's shape (e.g. to prefill a form). */
export function hearingInputOf(dto: HearingDto | null): HearingInput {
  return {
    court_id: dto?.court_id ?? null,
    division: dto?.division ?? null,
    case_number: dto?.case_number ?? null,
    starts_at: dto?.starts_at ?? null,
    mode: dto?.mode ?? null,
    remote_link: dto?.remote_link ?? null,
    party: dto?.party ?? null,
  };
}
