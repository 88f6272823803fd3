import { clientInvoiceSchema, grantorSchema } from '@substytut/shared';
import type { z } from 'zod';

/**
 * Step 2's form: the invoice data, and the grantor when the client says they are the lawyer who
 * grants the substitution (issue 24). Absent grantor fields are unregistered, so they are not checked.
 */
export const checkoutFormSchema = clientInvoiceSchema.extend({ grantor: grantorSchema.optional() });
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
export type CheckoutFormPayload = z.output<typeof checkoutFormSchema>;
