import { boardAnswerSchema, type BoardAnswerInput } from '@substytut/shared/validation/board';

export type AnswerKind = 'accept' | 'propose';

export interface AnswerValues {
  kind: AnswerKind;
  price: string;
  message: string;
}

export type AnswerErrors = Partial<Record<'price' | 'message', string>>;

/**
 * The body of an answer, and the field errors that stop it (the API's own rule): accepting the
 * fixed fee sends `price_net: null`; a proposal, the only answer to "ask for quotes", needs a net
 * price.
 */
export function answerBody(
  values: AnswerValues,
  fixedFee: boolean,
): { body: BoardAnswerInput | null; errors: AnswerErrors } {
  const accept = fixedFee && values.kind === 'accept';
  const body: BoardAnswerInput = { price_net: accept ? null : values.price.trim(), message: values.message };
  const parsed = boardAnswerSchema.safeParse(body);
  if (parsed.success) return { body, errors: {} };
  const errors: AnswerErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'price_net' ? 'price' : 'message';
    errors[field] ??= issue.message;
  }
  return { body: null, errors };
}
