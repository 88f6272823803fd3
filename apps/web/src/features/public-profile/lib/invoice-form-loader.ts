import { loadNamespaces } from '@/lib/i18n';
import { loadOnce } from '@/lib/load-once';

export type InvoiceFormComponent = typeof import('../components/invoice-form').InvoiceForm;

/**
 * Step 2 (the form, react-hook-form and the zod schemas) loads when the client heads for it, not
 * with the page: most visitors only read the profile. So do the error catalogue its fields show
 * (the `errors` namespace, decision 055) and its own texts (`public-profile-form`, decision 066). A failed load is tried again on the next press
 * (decision 061).
 */
export const invoiceForm = {
  load: loadOnce(() =>
    Promise.all([
      import('../components/invoice-form'),
      loadNamespaces(['errors', 'public-profile-form']),
    ]).then(([module]): InvoiceFormComponent => module.InvoiceForm),
  ),
};
