import { z } from 'zod';
import { emailField, requiredText } from './fields.ts';

export const contactSchema = z.object({
  name: requiredText({ required: 'validation.fieldRequired', max: 100, name: true }),
  email: emailField('validation.fieldRequired', 'validation.email'),
  subject: requiredText({ required: 'validation.fieldRequired', max: 200 }),
  message: requiredText({ required: 'validation.fieldRequired', max: 5000, multiline: true }),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactPayload = z.output<typeof contactSchema>;
