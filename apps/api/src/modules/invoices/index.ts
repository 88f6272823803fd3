// The face of invoices: its routes, the invoicing service the offer lifecycle is given, and what
// the KSeF outbox CLI retries.
export { invoicesRoutes } from './invoices.routes.ts';
export { createInvoicing, type InvoicingDeps } from './invoices.service.ts';
export { findAllInvoiceFailures } from './invoices.repo.ts';
export { retryInvoiceKsef } from './invoices.retry.ts';
export { mailInvoiceToPayer, type InvoiceMailDeps } from './invoice-mail.ts';
export { invoiceFileName, renderInvoicePdf } from './invoices.pdf.ts';
