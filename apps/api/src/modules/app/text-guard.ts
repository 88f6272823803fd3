import type { FastifyInstance } from 'fastify';
import { hasLoneSurrogate } from '@substytut/shared/text';
import { TEXT_CHARACTERS_MESSAGE } from '@substytut/shared/validation/fields';
import { validationFailed } from './errors.ts';

const NUL = '\u0000';
// NUL, or a UTF-16 surrogate without its other half.
const unstorable = (text: string) => text.includes(NUL) || hasLoneSurrogate(text);

const isContainer = (value: unknown): value is object =>
  value !== null && typeof value === 'object' && !Buffer.isBuffer(value);

/**
 * Whether every string (value or key) in `root` can be stored: the usual answer, found without a
 * path or an entry list per key (bench/api, decision 063). Iterative, like firstUnstorable.
 */
function allStorable(root: unknown): boolean {
  let stack: object[] | undefined;
  let value: unknown = root;
  for (;;) {
    if (typeof value === 'string') {
      if (unstorable(value)) return false;
    } else if (Array.isArray(value)) {
      for (const item of value) {
        if (typeof item === 'string') {
          if (unstorable(item)) return false;
        } else if (isContainer(item)) (stack ??= []).push(item);
      }
    } else if (isContainer(value)) {
      const record = value as Record<string, unknown>;
      for (const key in record) {
        if (!Object.hasOwn(record, key)) continue;
        if (unstorable(key)) return false;
        const item = record[key];
        if (typeof item === 'string') {
          if (unstorable(item)) return false;
        } else if (isContainer(item)) (stack ??= []).push(item);
      }
    }
    if (!stack?.length) return true;
    value = stack.pop();
  }
}

/** The dotted path of the first string (value or key) that the database cannot store, or null. */
function firstUnstorable(root: unknown, prefix: string): string | null {
  // Iterative: a body may nest thousands of levels deep.
  const stack: [unknown, string][] = [[root, prefix]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (unstorable(value)) return path;
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push([item, path ? `${path}.${index}` : String(index)]));
    } else if (isContainer(value)) {
      for (const [key, item] of Object.entries(value)) {
        const next = path ? `${path}.${key}` : key;
        if (unstorable(key)) return next;
        stack.push([item, next]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold the NUL character, and jsonb refuses a lone surrogate's `\udXXX`
 * escape: either failed inside the database (a 500) wherever it was stored or compared. No form has
 * a use for them, so the API refuses them up front in the body, the path parameters and the query,
 * with the usual 400 and the field message of the "text a person may type" rule (decision 028),
 * whatever the field: a password or a token too. The route's schema applies the whole rule to the
 * text fields.
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) {
      done();
      return;
    }
    if (allStorable(request.params) && allStorable(request.query) && allStorable(request.body)) {
      done();
      return;
    }
    const field =
      firstUnstorable(request.params, '') ??
      firstUnstorable(request.query, '') ??
      firstUnstorable(request.body, '');
    done(field === null ? undefined : validationFailed({ [field || '_']: TEXT_CHARACTERS_MESSAGE }));
  });
}
