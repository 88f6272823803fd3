import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  formatPolishIban,
  invoiceFieldsFromCompany,
  formatPostcodeAsTyped,
  providerInvoiceSchema,
  type CompanyLookupDto,
  type InvoiceDataDto,
  type ProviderInvoicePayload,
} from '@substytut/shared';
import { useCallback, useEffect, useState } from 'react';
import { FormProvider, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { Card, CardContent } from '@/components/ui/card';
import { CompanyLookupStatus } from '@/components/ui/company-lookup-status';
import { Loading } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useCompanyLookup } from '@/lib/company-lookup';
import { toast } from '@/lib/toast';
import { invoiceDataQueryKey, updateInvoiceData, useInvoiceData } from '../api/invoice-data';
import { SaveRow, TextField } from '../components/form-controls';
import { InvoicingSettings } from '../components/invoicing-form';
import { DashboardPage } from './dashboard-page';

interface BillingFormValues {
  invoice_nip: string;
  invoice_company: string;
  invoice_street: string;
  invoice_postcode: string;
  invoice_city: string;
  invoice_bank_account: string;
}

const EMPTY: BillingFormValues = {
  invoice_nip: '',
  invoice_company: '',
  invoice_street: '',
  invoice_postcode: '',
  invoice_city: '',
  invoice_bank_account: '',
};

/** The stored data as the form shows it: the account number in groups of four (issue 34). */
function toFormValues(data: InvoiceDataDto | ProviderInvoicePayload): BillingFormValues {
  const account = data.invoice_bank_account;
  return { ...data, invoice_bank_account: account ? formatPolishIban(account) : '' };
}

const resolver = zodResolver(providerInvoiceSchema) as unknown as Resolver<
  BillingFormValues,
  unknown,
  ProviderInvoicePayload
>;

function BillingForm({ initial }: { initial: BillingFormValues }) {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const form = useForm<BillingFormValues, unknown, ProviderInvoicePayload>({
    defaultValues: initial,
    resolver,
    mode: 'onTouched',
  });
  const [saved, setSaved] = useState(false);
  // Issue 34: the lawyer's own NIP fills in the rest from the company registry, as in step 2.
  // Only a NIP typed here: the saved one's data are the lawyer's own and stay as saved.
  const nip = form.watch('invoice_nip');
  const typed = form.formState.dirtyFields.invoice_nip === true;
  const currentNip = useCallback(() => form.getValues('invoice_nip'), [form]);
  const fillFromCompany = useCallback(
    (company: CompanyLookupDto) => {
      const found = invoiceFieldsFromCompany(company);
      const fields = {
        invoice_company: found.company,
        invoice_street: found.street,
        invoice_postcode: found.postCode,
        invoice_city: found.city,
      } as const;
      for (const [name, value] of Object.entries(fields)) {
        // Parts the registry lacks stay as typed.
        if (value)
          form.setValue(name as keyof typeof fields, value, { shouldValidate: true, shouldDirty: true });
      }
      setSaved(false);
    },
    [form],
  );
  const lookup = useCompanyLookup(typed ? nip : undefined, currentNip, fillFromCompany);

  // The note belongs to the data just saved; a new edit makes it stale.
  useEffect(() => {
    const subscription = form.watch((_, { type }) => {
      if (type === 'change') setSaved(false);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const onSubmit = form.handleSubmit(async (payload) => {
    setSaved(false);
    try {
      await updateInvoiceData(payload);
      form.reset(toFormValues(payload));
      await queryClient.invalidateQueries({ queryKey: invoiceDataQueryKey });
      setSaved(true);
    } catch (error) {
      console.error('invoice data update failed', error);
      toast.error(t('toasts.error'));
      if (isApiError(error)) {
        Object.entries(error.fieldErrors).forEach(([path, key], i) =>
          form.setError(
            path as FieldPath<BillingFormValues>,
            { type: 'server', message: key },
            { shouldFocus: i === 0 },
          ),
        );
      }
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField<BillingFormValues>
            name="invoice_nip"
            label={t('billing.nip')}
            hint={t('billing.nipHint')}
            required
            inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
          />
          <TextField<BillingFormValues>
            name="invoice_company"
            label={t('billing.company')}
            required
            inputProps={{ autoComplete: 'organization' }}
          />
          <CompanyLookupStatus
            className="-mt-3 empty:hidden sm:col-span-2"
            lookup={lookup}
            messages={{
              searching: t('billing.lookup.searching'),
              found: t('billing.lookup.found'),
              notFound: t('billing.lookup.notFound'),
              failed: t('billing.lookup.failed'),
            }}
          />
        </div>
        <TextField<BillingFormValues>
          name="invoice_street"
          label={t('billing.street')}
          required
          inputProps={{ autoComplete: 'street-address' }}
        />
        <div className="grid gap-5 sm:grid-cols-[12rem_1fr]">
          <TextField<BillingFormValues>
            name="invoice_postcode"
            label={t('billing.postcode')}
            required
            format={formatPostcodeAsTyped}
            inputProps={{ autoComplete: 'postal-code', placeholder: '00-000' }}
          />
          <TextField<BillingFormValues>
            name="invoice_city"
            label={t('billing.city')}
            required
            inputProps={{ autoComplete: 'address-level2' }}
          />
        </div>
        <TextField<BillingFormValues>
          name="invoice_bank_account"
          label={t('billing.bankAccount')}
          hint={t('billing.bankAccountHint')}
          inputProps={{
            inputMode: 'numeric',
            autoComplete: 'off',
            placeholder: 'PL00 0000 0000 0000 0000 0000 0000',
          }}
        />
        <SaveRow
          saved={saved}
          savedText={t('billing.saved')}
          saving={form.formState.isSubmitting}
          label={t('billing.save')}
        />
      </form>
    </FormProvider>
  );
}

/** Dane do faktury: the lawyer's invoice data, prefilled from GET /user/profile/invoice. */
export function BillingRoute() {
  const { t } = useTranslation('dashboard');
  const { t: tErrors } = useTranslation('errors');
  const invoice = useInvoiceData();

  useEffect(() => {
    if (!invoice.isError) return;
    console.error('invoice data fetch failed', invoice.error);
    toast.error(tErrors('errors.general'));
  }, [invoice.isError, invoice.error, tErrors]);

  return (
    <div className="relative isolate flex flex-1 flex-col overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[url(/dashboard/billing-background.svg)] bg-[length:min(44rem,90%)_auto] bg-[position:right_-4rem_bottom_-3rem] bg-no-repeat opacity-90 dark:bg-[url(/dashboard/billing-background-dark.svg)] dark:opacity-80"
      />
      <DashboardPage title={t('billing.title')} description={t('billing.description')} width="3xl">
        <PageMeta title={t('billing.title')} noindex />
        <Card surface="translucent">
          <CardContent padding="all">
            {invoice.isPending ? (
              <Loading />
            ) : (
              <BillingForm initial={invoice.data ? toFormValues(invoice.data) : EMPTY} />
            )}
          </CardContent>
        </Card>
        <Card surface="translucent">
          <CardContent padding="all">
            <InvoicingSettings />
          </CardContent>
        </Card>
      </DashboardPage>
    </div>
  );
}
