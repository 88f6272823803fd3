import { z } from 'zod';

/** The success envelope of spec section 7: every JSON answer is read from `data`. */
export function ok<T>(data: T): { data: T } {
  return { data };
}

/** Response schema for `ok(...)`, for route declarations: `response: { 200: dataOf(profileSchema) }`. */
export function dataOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/**
 * A route's `onSend` option for answers no browser or proxy may keep (the board's confidential
 * work of a law office, decision 048): `{ ...auth, onSend: noStore }`. Refusals included.
 */
export async function noStore(_request: unknown, reply: { header(name: string, value: string): unknown }) {
  reply.header('cache-control', 'no-store');
}

export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.string()),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
