import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  formatDate,
  INVOICE_PATTERN_MAX,
  formatInvoiceNumber,
  invoicePatternField,
  invoicePatternForDisplay,
  invoiceSettingsSchema,
  type InvoiceMode,
  type InvoiceSettingsDto,
  type InvoiceSettingsInput,
} from '@substytut/shared';
import { FlaskConical, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, FormProvider, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { invoiceSettingsQueryKey, saveInvoiceSettings, useInvoiceSettings } from '../api/invoice-settings';
import { SaveRow, TextField } from './form-controls';

interface InvoicingFormValues {
  mode: InvoiceMode;
  /** as typed: '{nr}'/'{rok}' or '{no}'/'{year}' */
  number_pattern: string;
  /** empty: keep the stored token (or none, when issuing oneself) */
  ksef_token: string;
}

/**
 * The shared settings schema, with the token field as the form holds it (a string, empty when
 * not typed) and required for "issue on my behalf" unless one is already stored.
 */
function resolverFor(tokenStored: boolean): Resolver<InvoicingFormValues, unknown, InvoiceSettingsInput> {
  const token = invoiceSettingsSchema.shape.ksef_token.unwrap();
  const schema = z
    .object({
      mode: invoiceSettingsSchema.shape.mode,
      number_pattern: invoiceSettingsSchema.shape.number_pattern,
      ksef_token: z.string().trim(),
    })
    .superRefine((values, ctx) => {
      if (values.mode !== 'issue') return;
      if (values.ksef_token === '') {
        if (!tokenStored)
          ctx.addIssue({ code: 'custom', path: ['ksef_token'], message: 'invoices.token_required' });
        return;
      }
      const checked = token.safeParse(values.ksef_token);
      if (!checked.success) {
        ctx.addIssue({
          code: 'custom',
          path: ['ksef_token'],
          message: checked.error.issues[0]?.message ?? '',
        });
      }
    })
    .transform((values): InvoiceSettingsInput => ({
      mode: values.mode,
      number_pattern: values.number_pattern,
      ...(values.mode === 'issue' && values.ksef_token !== '' ? { ksef_token: values.ksef_token } : {}),
    }));
  return zodResolver(schema) as unknown as Resolver<InvoicingFormValues, unknown, InvoiceSettingsInput>;
}

function ModeOption({
  value,
  checked,
  label,
  hint,
  onChange,
  name,
}: {
  value: InvoiceMode;
  checked: boolean;
  label: string;
  hint: string;
  onChange: (value: InvoiceMode) => void;
  name: string;
}) {
  const id = `invoicing-mode-${value}`;
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
        checked ? 'border-primary bg-primary/5' : 'border-border',
      )}
    >
      <input
        id={id}
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        aria-describedby={`${id}-hint`}
        className="mt-1 size-4 shrink-0 accent-primary"
      />
      <span className="flex flex-col gap-1">
        <span className="text-sm font-medium">{label}</span>
        <span id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </span>
      </span>
    </label>
  );
}

function InvoicingForm({ settings }: { settings: InvoiceSettingsDto }) {
  const { t, i18n } = useTranslation('dashboard');
  const locale = i18n.language === 'en' ? 'en' : 'pl';
  const queryClient = useQueryClient();
  const shown = (pattern: string) => invoicePatternForDisplay(pattern, locale);
  const form = useForm<InvoicingFormValues, unknown, InvoiceSettingsInput>({
    defaultValues: { mode: settings.mode, number_pattern: shown(settings.number_pattern), ksef_token: '' },
    resolver: resolverFor(settings.ksef_token_set),
    mode: 'onTouched',
  });
  const [saved, setSaved] = useState(false);
  const mode = form.watch('mode');
  const pattern = form.watch('number_pattern');

  useEffect(() => {
    const subscription = form.watch((_, { type }) => {
      if (type === 'change') setSaved(false);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const onSubmit = form.handleSubmit(async (payload) => {
    setSaved(false);
    try {
      const next = await saveInvoiceSettings(payload);
      queryClient.setQueryData(invoiceSettingsQueryKey, next);
      form.reset({ mode: next.mode, number_pattern: shown(next.number_pattern), ksef_token: '' });
      setSaved(true);
    } catch (error) {
      console.error('invoice settings update failed', error);
      if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
        Object.entries(error.fieldErrors).forEach(([path, key], i) =>
          form.setError(
            path as FieldPath<InvoicingFormValues>,
            { type: 'server', message: key },
            { shouldFocus: i === 0 },
          ),
        );
      } else {
        toast.error(t('billing.invoicing.saveFailed'));
      }
    }
  });

  // The number the pattern prints, once the pattern is valid; the stored one until then.
  const typed = invoicePatternField.safeParse(pattern);
  const example = formatInvoiceNumber(
    typed.success ? typed.data : settings.number_pattern,
    1,
    new Date().getFullYear(),
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        {settings.ksef_environment === 'sandbox' && (
          <p className="flex items-start gap-2 rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm">
            <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('billing.invoicing.sandbox')}
          </p>
        )}
        <Controller
          control={form.control}
          name="mode"
          render={({ field }) => (
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-2 text-sm font-medium">{t('billing.invoicing.modeLegend')}</legend>
              <ModeOption
                name={field.name}
                value="issue"
                checked={field.value === 'issue'}
                onChange={field.onChange}
                label={t('billing.invoicing.modeIssue')}
                hint={t('billing.invoicing.modeIssueHint')}
              />
              <ModeOption
                name={field.name}
                value="prepare"
                checked={field.value === 'prepare'}
                onChange={field.onChange}
                label={t('billing.invoicing.modePrepare')}
                hint={t('billing.invoicing.modePrepareHint')}
              />
            </fieldset>
          )}
        />
        {mode === 'issue' && (
          <TextField<InvoicingFormValues>
            name="ksef_token"
            label={t('billing.invoicing.token')}
            required={!settings.ksef_token_set}
            hint={
              settings.ksef_token_set && settings.ksef_token_set_at
                ? t('billing.invoicing.tokenKept', {
                    date: formatDate(settings.ksef_token_set_at.slice(0, 10)),
                  })
                : t('billing.invoicing.tokenHint')
            }
            inputProps={{ type: 'password', autoComplete: 'off', spellCheck: false }}
          />
        )}
        <TextField<InvoicingFormValues>
          name="number_pattern"
          label={t('billing.invoicing.pattern')}
          required
          maxLength={INVOICE_PATTERN_MAX}
          hint={t('billing.invoicing.patternHint', { example })}
          inputProps={{ autoComplete: 'off' }}
        />
        <SaveRow
          saved={saved}
          savedText={t('billing.invoicing.saved')}
          saving={form.formState.isSubmitting}
          label={t('billing.invoicing.save')}
        />
      </form>
    </FormProvider>
  );
}

/** How the lawyer's invoices are issued: by the product through KSeF, or prepared for their software. */
export function InvoicingSettings() {
  const { t } = useTranslation('dashboard');
  const settings = useInvoiceSettings();

  useEffect(() => {
    if (settings.isError) console.error('invoice settings fetch failed', settings.error);
  }, [settings.isError, settings.error]);

  return (
    <section aria-labelledby="invoicing-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="invoicing-title" className="text-lg font-semibold">
          {t('billing.invoicing.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('billing.invoicing.description')}</p>
      </div>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-sm">{t('billing.invoicing.loadFailed')}</p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void settings.refetch()}
            loading={settings.isFetching}
          >
            {!settings.isFetching && <RefreshCw aria-hidden="true" />}
            {t('billing.invoicing.retry')}
          </Button>
        </div>
      ) : (
        <InvoicingForm settings={settings.data} />
      )}
    </section>
  );
}
