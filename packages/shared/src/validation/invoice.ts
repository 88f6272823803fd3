import { z } from 'zod';
import { isValidNipChecksum, isValidPeselChecksum, normalizeNip } from '../nip.ts';
import { POSTCODE_PATTERN } from '../postcode.ts';
import { isValidPolishIban, normalizePolishIban } from '../iban.ts';
import { grantorSchema } from '../substitution.ts';
import { emailField, optionalText, requiredText, textField } from './fields.ts';

/** A client's NIP: 'PL', spaces and dashes are tolerated and stripped; the checksum must hold. */
export const nipField = z
  .string({ error: 'validation.nipRequired' })
  .transform(normalizeNip)
  .pipe(
    z
      .string()
      .min(1, { error: 'validation.nipRequired', abort: true })
      .regex(/^\d{10}$/, { error: 'validation.nipDigits', abort: true })
      .refine(isValidNipChecksum, { error: 'validation.nipChecksum' }),
  );

const postCodeField = textField('validation.postCodeFormat').regex(
  POSTCODE_PATTERN,
  'validation.postCodeFormat',
);

/** The client's invoice form on the public page (spec 5). */
export const clientInvoiceSchema = z.object({
  nip: nipField,
  company: requiredText({
    required: 'validation.companyRequired',
    min: 2,
    minMessage: 'validation.companyMin',
    max: 200,
  }),
  street: requiredText({ required: 'validation.streetMin', min: 2, max: 200 }),
  postCode: postCodeField,
  city: requiredText({ required: 'validation.cityMin', min: 2, max: 100 }),
  email: emailField('validation.emailRequired', 'validation.emailInvalid'),
  policyConfirm: z.literal(true, { error: 'validation.policyConfirm' }),
});

/**
 * POST /public/profile/{seolink}/payment/{offerUrl} (spec 7). The form always asks for an invoice;
 * phone, firstname and lastname are placeholders the current form fills with fixed values.
 */
export const paymentRequestSchema = clientInvoiceSchema.extend({
  invoice: z.literal(true).default(true),
  phone: textField().max(32).default(''),
  firstname: textField().max(100).default(''),
  lastname: textField().max(100).default(''),
  /** The client is the lawyer granting the substitution (issue 24); null or absent when not. */
  grantor: grantorSchema.nullish().transform((grantor) => grantor ?? null),
});

/** POST /public/nip. */
export const nipLookupSchema = z.object({ nip: nipField });

/**
 * The lawyer's own NIP, or the PESEL of a trainee without one (an 11-digit value, decision 011),
 * normalised like a client's NIP and stored so; its check digit must hold (decision 015).
 */
const providerNipField = z
  .string({ error: 'validation.invoiceNipLength' })
  .transform(normalizeNip)
  .pipe(
    z
      .string()
      .regex(/^\d*$/, { error: 'validation.invoiceNipDigits', abort: true })
      .min(10, { error: 'validation.invoiceNipLength', abort: true })
      .max(11, { error: 'validation.invoiceNipLength', abort: true })
      .refine(
        (digits) => (digits.length === 10 ? isValidNipChecksum(digits) : isValidPeselChecksum(digits)),
        {
          error: 'validation.nipChecksum',
        },
      ),
  );

/** The provider's invoice data (spec 5). */
export const providerInvoiceSchema = z.object({
  invoice_nip: providerNipField,
  invoice_company: requiredText({ required: 'validation.fieldRequired', max: 200 }),
  invoice_street: requiredText({ required: 'validation.fieldRequired', max: 200 }),
  invoice_postcode: postCodeField,
  invoice_city: requiredText({ required: 'validation.fieldRequired', max: 100 }),
  /** Optional; when given, a valid Polish IBAN, returned as 'PL' + 26 digits (null when blank). */
  invoice_bank_account: optionalText('validation.bankAccountInvalid', isValidPolishIban, normalizePolishIban),
});

export type ClientInvoiceInput = z.input<typeof clientInvoiceSchema>;
export type ClientInvoicePayload = z.output<typeof clientInvoiceSchema>;
export type PaymentRequestInput = z.input<typeof paymentRequestSchema>;
export type PaymentRequestPayload = z.output<typeof paymentRequestSchema>;
export type NipLookupPayload = z.output<typeof nipLookupSchema>;
export type ProviderInvoiceInput = z.input<typeof providerInvoiceSchema>;
export type ProviderInvoicePayload = z.output<typeof providerInvoiceSchema>;
