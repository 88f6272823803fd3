import rateLimitPlugin from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { tooMany } from './errors.ts';

/**
 * Registered with `global: false`: a route opts in with `config: { ...rateLimit(5, '1 minute') }`.
 * Counters live in process memory and are keyed by client IP (set TRUST_PROXY behind a proxy).
 */
export async function registerRateLimit(app: FastifyInstance) {
  await app.register(rateLimitPlugin, {
    global: false,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: () => tooMany(),
  });
}

export function rateLimit(max: number, timeWindow: number | string) {
  return { rateLimit: { max, timeWindow } };
}
