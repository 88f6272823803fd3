import type { FastifyInstance } from 'fastify';
import { hasLoneSurrogate } from '@substytut/shared/text';
import { TEXT_CHARACTERS_MESSAGE } from '@substytut/shared/validation/fields';
import { validationFailed } from './errors.ts';

const NUL = '\u0000';
// NUL, or a UTF-16 surrogate without its other half.
const unstorable = (text: string) => text.includes(NUL) || hasLoneSurrogate(text);

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
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
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
    const field =
      firstUnstorable(request.params, '') ??
      firstUnstorable(request.query, '') ??
      firstUnstorable(request.body, '');
    done(field === null ? undefined : validationFailed({ [field || '_']: TEXT_CHARACTERS_MESSAGE }));
  });
}
