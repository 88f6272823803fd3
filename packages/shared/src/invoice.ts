/**
 * The rules of the lawyer's VAT invoices (issue 24, docs/decisions/022-invoices-advance-and-settlement.md):
 * integer grosze split into net and VAT, the invoice number, the billing tab's settings and the
 * KSeF verification link ("KOD I").
 */

import { z } from 'zod';
import { VAT_RATE_PERCENT, grossFromNet } from './money.ts';

export interface InvoiceAmounts {
  net: number;
  vat: number;
  gross: number;
}

function assertWholeGrosze(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Not an amount of grosze: ${value}`);
}

/** An offer's amounts: the gross is the offer's (net × 123 / 100 half up), VAT is the difference. */
export function amountsFromNet(net: number): InvoiceAmounts {
  assertWholeGrosze(net);
  const gross = grossFromNet(net);
  return { net, vat: gross - net, gross };
}

/**
 * A gross amount that was not made from a net (the platform's fee, what is left after a partial
 * refund) split as art. 106e ust. 7–8 allow: net = gross × 100 / 123 half up, VAT the rest, so the
 * three always add up to the grosz.
 */
export function amountsFromGross(gross: number): InvoiceAmounts {
  assertWholeGrosze(gross);
  const scaled = gross * 100 * 2 + (100 + VAT_RATE_PERCENT);
  const net = Math.floor(scaled / (2 * (100 + VAT_RATE_PERCENT)));
  return { net, vat: gross - net, gross };
}

/** What a correcting invoice shows: after minus before (negative for a refund). */
export function correctionAmounts(before: InvoiceAmounts, after: InvoiceAmounts): InvoiceAmounts {
  return { net: after.net - before.net, vat: after.vat - before.vat, gross: after.gross - before.gross };
}

/** '{series}/{number}/{year}': numbered per seller, series and calendar year, without gaps. */
export function invoiceNumber(series: string, seq: number, year: number): string {
  return `${series}/${seq}/${year}`;
}

export const INVOICE_MODES = ['issue', 'prepare'] as const;
export type InvoiceMode = (typeof INVOICE_MODES)[number];
export const KSEF_STATUSES = ['prepared', 'queued', 'sent', 'accepted', 'rejected'] as const;
export type KsefStatus = (typeof KSEF_STATUSES)[number];
export const INVOICE_KINDS = ['ZAL', 'ROZ', 'KOR', 'VAT'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/**
 * The lawyer's numbering pattern (issue 34): their own numbering ('ADW/{nr}/{rok}',
 * 'FV/ADW/{nr}/{rok}') with the number and the year as placeholders. Stored in one canonical
 * spelling, `{nr}` and `{rok}`; the English `{no}`, `{year}` and the short `{n}` are read as the same.
 * Numbers stay unique per seller NIP (decision 027): the counter is keyed by the NIP, the pattern and
 * the year when the pattern prints it (a pattern without the year numbers on, never restarting), and
 * no digit may stand beside the number, so two patterns cannot print the same number by running a
 * literal digit into it ('A{nr}' 11 and 'A1{nr}' 1). Decision 045.
 */
export const INVOICE_PATTERN_MAX = 40;
export const NUMBER_PLACEHOLDER = '{nr}';
export const YEAR_PLACEHOLDER = '{rok}';
export const DEFAULT_INVOICE_PATTERN = 'FV/{nr}/{rok}';
/** Letters without diacritics, digits, '/', '-', '_', '.' and the placeholders. */
const PATTERN_LITERAL = /^[A-Za-z0-9/._-]*$/;
const PLACEHOLDER_ALIASES: Record<string, string> = {
  nr: NUMBER_PLACEHOLDER,
  n: NUMBER_PLACEHOLDER,
  no: NUMBER_PLACEHOLDER,
  rok: YEAR_PLACEHOLDER,
  year: YEAR_PLACEHOLDER,
};

/** The canonical spelling of a typed pattern: trimmed, every known placeholder as `{nr}`/`{rok}`. */
export function normalizeInvoicePattern(raw: string): string {
  return raw
    .trim()
    .replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => PLACEHOLDER_ALIASES[name.toLowerCase()] ?? whole);
}

export type InvoicePatternProblem =
  | 'invoices.pattern_required'
  | 'invoices.pattern_too_long'
  | 'invoices.pattern_invalid'
  | 'invoices.pattern_no_number'
  | 'invoices.pattern_repeated'
  | 'invoices.pattern_digit_beside_number';

/** What is wrong with a canonical pattern, or null: the one rule the form and the server apply. */
export function invoicePatternProblem(pattern: string): InvoicePatternProblem | null {
  if (pattern.length === 0) return 'invoices.pattern_required';
  if (pattern.length > INVOICE_PATTERN_MAX) return 'invoices.pattern_too_long';
  const literal = pattern.split(NUMBER_PLACEHOLDER).join('').split(YEAR_PLACEHOLDER).join('');
  if (!PATTERN_LITERAL.test(literal)) return 'invoices.pattern_invalid';
  const numbers = pattern.split(NUMBER_PLACEHOLDER).length - 1;
  const years = pattern.split(YEAR_PLACEHOLDER).length - 1;
  if (numbers === 0) return 'invoices.pattern_no_number';
  if (numbers > 1 || years > 1) return 'invoices.pattern_repeated';
  const at = pattern.indexOf(NUMBER_PLACEHOLDER);
  const before = pattern.slice(0, at);
  const after = pattern.slice(at + NUMBER_PLACEHOLDER.length);
  if (/\d$/.test(before) || /^\d/.test(after)) return 'invoices.pattern_digit_beside_number';
  return null;
}

/** The pattern field of the billing tab and of PUT /api/user/invoice-settings. */
export const invoicePatternField = z
  .string({ error: 'invoices.pattern_required' })
  .transform(normalizeInvoicePattern)
  .superRefine((pattern, ctx) => {
    const problem = invoicePatternProblem(pattern);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The number an invoice gets: the pattern with its number and year filled in. */
export function formatInvoiceNumber(pattern: string, seq: number, year: number): string {
  return pattern.replace(NUMBER_PLACEHOLDER, String(seq)).replace(YEAR_PLACEHOLDER, String(year));
}

/** The counter's year: the calendar year when the number prints it, else 0 (numbering never restarts). */
export function invoiceCounterYear(pattern: string, year: number): number {
  return pattern.includes(YEAR_PLACEHOLDER) ? year : 0;
}

/** A series of before issue 34 ('FV' printed 'FV/7/2026') as the pattern that prints the same. */
export function seriesAsPattern(series: string): string {
  return series.includes(NUMBER_PLACEHOLDER) ? series : `${series}/${NUMBER_PLACEHOLDER}/${YEAR_PLACEHOLDER}`;
}

/** The stored pattern with the placeholders of the reader's language. */
export function invoicePatternForDisplay(pattern: string, locale: 'pl' | 'en'): string {
  return locale === 'en' ? pattern.replace(NUMBER_PLACEHOLDER, '{no}').replace(YEAR_PLACEHOLDER, '{year}') : pattern;
}

/**
 * The billing tab's invoicing choice. A KSeF token is only ever sent (never read back); an empty or
 * missing one keeps the stored token. KSeF tokens are long opaque strings (the Ministry's are
 * ~ 160 characters).
 */
export const invoiceSettingsSchema = z.object({
  mode: z.enum(INVOICE_MODES, { message: 'invoices.mode_invalid' }),
  number_pattern: invoicePatternField,
  ksef_token: z
    .string()
    .trim()
    .min(20, 'invoices.token_invalid')
    .max(1000, 'invoices.token_invalid')
    .regex(/^[\x21-\x7e]+$/, 'invoices.token_invalid')
    .optional(),
});
export type InvoiceSettingsInput = z.infer<typeof invoiceSettingsSchema>;

export const KSEF_QR_ENVIRONMENTS = ['test', 'demo', 'production'] as const;
export type KsefQrEnvironment = (typeof KSEF_QR_ENVIRONMENTS)[number];

/** The verification hosts of the KSeF 2.0 docs (kody-qr.md, "Środowiska"). */
export const KSEF_QR_HOSTS: Record<KsefQrEnvironment, string> = {
  test: 'https://qr-test.ksef.mf.gov.pl',
  demo: 'https://qr-demo.ksef.mf.gov.pl',
  production: 'https://qr.ksef.mf.gov.pl',
};

/**
 * KOD I: {host}/invoice/{seller NIP}/{issue date DD-MM-RRRR}/{SHA-256 of the XML file, base64url}.
 * Anyone scanning it sees whether KSeF holds this very file.
 */
export function ksefVerificationUrl(
  environment: KsefQrEnvironment,
  input: { sellerNip: string; issueDate: string; sha256Base64url: string },
): string {
  const [year, month, day] = input.issueDate.split('-');
  return `${KSEF_QR_HOSTS[environment]}/invoice/${input.sellerNip}/${day}-${month}-${year}/${input.sha256Base64url}`;
}

/** GET/PUT /api/user/invoice-settings: the token itself is never in it, only whether one is kept. */
export const invoiceSettingsDtoSchema = z.object({
  mode: z.enum(INVOICE_MODES),
  /** the numbering pattern, canonical ('ADW/{nr}/{rok}') */
  number_pattern: z.string(),
  ksef_token_set: z.boolean(),
  ksef_token_set_at: z.string().nullable(),
  /** the KSeF the product sends to: the embedded sandbox or one of the Ministry's */
  ksef_environment: z.enum(['sandbox', ...KSEF_QR_ENVIRONMENTS]),
});
export type InvoiceSettingsDto = z.infer<typeof invoiceSettingsDtoSchema>;

/** One invoice of an offer as its lawyer sees it on the offer card (amounts in decimal PLN). */
export const invoiceDtoSchema = z.object({
  id: z.number().int(),
  offer_id: z.number().int(),
  kind: z.enum(INVOICE_KINDS),
  /** 'lawyer': the lawyer's own invoice to the client; 'platform': the operator's fee invoice to the lawyer */
  issuer: z.enum(['lawyer', 'platform']),
  number: z.string(),
  issue_date: z.string(),
  net: z.string(),
  vat: z.string(),
  gross: z.string(),
  mode: z.enum(INVOICE_MODES),
  ksef_status: z.enum(KSEF_STATUSES),
  ksef_number: z.string().nullable(),
  ksef_error: z.string().nullable(),
  /** KSeF's own code of its refusal (440 a duplicate, 450 a semantic error, …), null otherwise */
  ksef_error_code: z.number().int().nullable(),
  corrected_invoice_id: z.number().int().nullable(),
});
export type InvoiceDto = z.infer<typeof invoiceDtoSchema>;

/**
 * Why an invoice the lifecycle called for could not be made (issue 30): shown to the lawyer on the
 * offer card and to the administrator, in their language, never only logged.
 */
export const INVOICE_FAILURE_REASONS = [
  'no_invoice_data',
  'schema_invalid',
  'amount_mismatch',
  'no_advance',
  'refund_exceeds',
  'unexpected',
] as const;
export type InvoiceFailureReason = (typeof INVOICE_FAILURE_REASONS)[number];

/** An invoice that could not be built: the event that called for it, the reason, KSeF-free. */
export const invoiceFailureDtoSchema = z.object({
  id: z.number().int(),
  offer_id: z.number().int(),
  kind: z.enum(INVOICE_KINDS),
  issuer: z.enum(['lawyer', 'platform']),
  reason: z.enum(INVOICE_FAILURE_REASONS),
  /** the schema validator's messages and the like: technical, as they came */
  details: z.array(z.string()),
  attempts: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InvoiceFailureDto = z.infer<typeof invoiceFailureDtoSchema>;

/** The administrator's view of what did not become an invoice in KSeF. */
export const invoiceProblemsDtoSchema = z.object({
  failures: z.array(invoiceFailureDtoSchema.extend({ lawyer_email: z.string().nullable() })),
  ksef: z.array(
    z.object({
      invoice_id: z.number().int(),
      offer_id: z.number().int(),
      number: z.string(),
      issuer: z.enum(['lawyer', 'platform']),
      ksef_status: z.enum(KSEF_STATUSES),
      ksef_error_code: z.number().int().nullable(),
      last_error: z.string().nullable(),
      attempts: z.number().int(),
      next_attempt_at: z.string().nullable(),
      lawyer_email: z.string().nullable(),
    }),
  ),
});
export type InvoiceProblemsDto = z.infer<typeof invoiceProblemsDtoSchema>;
