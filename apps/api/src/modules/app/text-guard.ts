import type { FastifyInstance } from 'fastify';
import { validationFailed } from './errors.ts';

const NUL = '\u0000';

/** The dotted path of the first string (value or key) that holds a NUL character, or null. */
function firstNul(root: unknown, prefix: string): string | null {
  // Iterative: a body may nest thousands of levels deep.
  const stack: [unknown, string][] = [[root, prefix]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return path;
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push([item, path ? `${path}.${index}` : String(index)]));
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, item] of Object.entries(value)) {
        const next = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) return next;
        stack.push([item, next]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold the NUL character: a value with one fails inside the database (a
 * 500) wherever it is stored or compared. No form has a use for it, so the API refuses it up front
 * in the body, the path parameters and the query, with the usual 400 and a field error.
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) {
      done();
      return;
    }
    const field = firstNul(request.params, '') ?? firstNul(request.query, '') ?? firstNul(request.body, '');
    done(field === null ? undefined : validationFailed({ [field || '_']: 'validation.invalid' }));
  });
}
