import type { Config } from '../app/config.ts';
import type { Clock } from '../app/clock.ts';
import type { Storage } from '../storage/index.ts';
import { createKsefClient } from './ksef.client.ts';
import type { KsefPort } from './ksef.port.ts';
import { createKsefSandbox } from './ksef.sandbox.ts';

export { enqueueKsefSend, ksefBacklog, retryKsefSend } from './ksef.outbox.ts';
export { createKsefWorker, startKsefWorker, upoStorageKey, type KsefWorker } from './ksef.worker.ts';
export type { KsefPort, KsefEnvironment, KsefInvoiceStatus } from './ksef.port.ts';
export { SANDBOX_RECEIVER } from './ksef.sandbox.ts';
export { invoiceFacts, type InvoiceFacts } from './ksef.xml.ts';

/** The KSeF adapter KSEF_ENV chooses: the embedded sandbox (default) or KSeF API 2.0. */
export function createKsefPort(
  config: Pick<Config, 'ksef'>,
  deps: { storage: Storage; clock: Clock },
): KsefPort {
  const { environment, apiUrl, sandboxOutage } = config.ksef;
  if (environment === 'sandbox' || !apiUrl) {
    return createKsefSandbox({ storage: deps.storage, clock: deps.clock, outage: sandboxOutage });
  }
  return createKsefClient({ environment, apiUrl, clock: deps.clock });
}
