import { loadNamespaces } from '@/lib/i18n';
import { loadOnce } from '@/lib/load-once';
import { onDemand } from './on-demand-loader';

export type InvoiceFormComponent = typeof import('../components/invoice-form').InvoiceForm;

/**
 * Step 2 (the form, react-hook-form and the zod schemas) loads when the client heads for it, not
 * with the page: most visitors only read the profile. So do the error catalogue its fields show
 * (the `errors` namespace, decision 055) and its own texts (`public-profile-form`, decision 066). A failed load is tried again on the next press
 * (decision 061). The form's import is one small file away (`on-demand.ts`, decision 071).
 */
export const invoiceForm = {
  load: loadOnce(() =>
    Promise.all([
      onDemand().then((parts) => parts.importInvoiceForm()),
      loadNamespaces(['errors', 'public-profile-form']),
    ]).then(([module]): InvoiceFormComponent => module.InvoiceForm),
  ),
};
