export { enqueueKsefSend } from './ksef.outbox.ts';
export type { KsefPort, KsefEnvironment, KsefInvoiceStatus } from './ksef.port.ts';
