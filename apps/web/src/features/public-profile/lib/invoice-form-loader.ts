import { loadNamespaces } from '@/lib/i18n';

export type InvoiceFormComponent = typeof import('../components/invoice-form').InvoiceForm;

/**
 * A load that is shared while it runs and kept once it succeeds; one that fails is forgotten, so
 * the next call tries again instead of handing out the same rejection.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    const loading = (pending ??= load());
    loading.catch(() => {
      if (pending === loading) pending = undefined;
    });
    return loading;
  };
}

/**
 * Step 2 (the form, react-hook-form and the zod schemas) loads when the client heads for it, not
 * with the page: most visitors only read the profile. So does the error catalogue its fields show
 * (the `errors` namespace, decision 055). A failed load is tried again on the next press
 * (decision 061).
 */
export const invoiceForm = {
  load: loadOnce(() =>
    Promise.all([import('../components/invoice-form'), loadNamespaces(['errors'])]).then(
      ([module]): InvoiceFormComponent => module.InvoiceForm,
    ),
  ),
};
