import type { FastifyBaseLogger } from 'fastify';
import { PaymentProviderError } from '../../payments/index.ts';

export type ProviderOutcome<T> = { ok: true; value: T } | { ok: false; error: PaymentProviderError };

/**
 * The one shape of every call the lifecycle makes to the payment provider: the provider's
 * failure (PaymentProviderError) is logged with what was being done and handed back, so the
 * caller decides to answer with an error, to go on and leave it to the clock job's retry, or to
 * record the failure; any other error is a bug and is thrown on.
 */
export async function callProvider<T>(
  log: FastifyBaseLogger,
  what: string,
  context: Record<string, unknown>,
  call: () => Promise<T>,
): Promise<ProviderOutcome<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    log.error({ err: error, ...context }, what);
    return { ok: false, error };
  }
}
