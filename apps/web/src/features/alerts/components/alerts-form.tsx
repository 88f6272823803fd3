import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { BOARD_CASE_TYPES } from '@substytut/shared/contract/board';
import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  Controller,
  FormProvider,
  useForm,
  useFormContext,
  type FieldPath,
  type Resolver,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { courtFilter, COURT_OPTIONS } from '@/components/hearing/hearing-values';
import { MultiSelect } from '@/components/ui/combobox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { useErrorText } from '@/lib/use-error-text';
import { alertsQueryKey, saveAlerts, type AlertSettings } from '../api/alerts';
import { alertBodyOf, alertFormSchema, formValuesOf, type AlertFormValues } from '../lib/alert-form';
import { AREA_OPTIONS, CITY_OPTIONS, HALF_HOURS } from '../lib/coverage-options';
import { PushOptIn } from './push-opt-in';

// `raw`: the form keeps its own values (the fee as typed); the API gets alertBodyOf(values).
const resolver = zodResolver(alertFormSchema, undefined, {
  raw: true,
}) as unknown as Resolver<AlertFormValues>;

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 text-card-foreground sm:p-5"
    >
      <header className="flex flex-col gap-1">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </header>
      {children}
    </section>
  );
}

type ListField = 'court_ids' | 'area_court_ids' | 'cities';

function CoverageList({
  name,
  label,
  hint,
  placeholder,
  options,
}: {
  name: ListField;
  label: string;
  hint: string;
  placeholder: string;
  options: typeof COURT_OPTIONS;
}) {
  const { control } = useFormContext<AlertFormValues>();
  const errorText = useErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField label={label} hint={hint} error={errorText(fieldState.error)}>
          <MultiSelect
            options={options}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            placeholder={placeholder}
            filter={courtFilter}
          />
        </FormField>
      )}
    />
  );
}

function CheckboxRow({
  name,
  label,
  hint,
}: {
  name: FieldPath<AlertFormValues>;
  label: string;
  hint?: string;
}) {
  const { register } = useFormContext<AlertFormValues>();
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        {...register(name)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 shrink-0 accent-primary"
      />
      <label htmlFor={id} className="flex flex-col gap-0.5 text-sm">
        <span className="font-medium">{label}</span>
        {hint && (
          <span id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </span>
        )}
      </label>
    </div>
  );
}

function CaseTypes() {
  const { t } = useTranslation('alerts');
  const { register } = useFormContext<AlertFormValues>();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">{t('caseTypes.legend')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {BOARD_CASE_TYPES.map((type) => (
          <label key={type} className="flex items-center gap-3 text-sm">
            <input
              type="checkbox"
              value={type}
              {...register('case_types')}
              className="size-4 shrink-0 accent-primary"
            />
            {t(`caseTypes.${type}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function QuietHours() {
  const { t } = useTranslation('alerts');
  const { register, watch, formState } = useFormContext<AlertFormValues>();
  const errorText = useErrorText();
  const enabled = watch('quiet_enabled');
  const errors = formState.errors.quiet_hours;
  return (
    <div className="flex flex-col gap-3">
      <CheckboxRow name="quiet_enabled" label={t('quiet.enable')} hint={t('quiet.urgent')} />
      {enabled && (
        <div className="grid gap-3 sm:max-w-md sm:grid-cols-2">
          {(['from', 'to'] as const).map((end) => (
            <FormField
              key={end}
              label={end === 'from' ? t('quiet.from') : t('quiet.to')}
              error={errorText(errors?.[end])}
            >
              <NativeSelect {...register(`quiet_hours.${end}`)}>
                {HALF_HOURS.map((time) => (
                  <option key={time} value={time}>
                    {time}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          ))}
        </div>
      )}
    </div>
  );
}

/** The alert settings (issue 32), saved with PUT /api/user/alerts. */
export function AlertsForm({ settings }: { settings: AlertSettings }) {
  const { t, i18n } = useTranslation('alerts');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const form = useForm<AlertFormValues>({
    defaultValues: formValuesOf(settings, i18n.language),
    resolver,
    mode: 'onTouched',
  });
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const subscription = form.watch((_, { type }) => {
      if (type === 'change') setSaved(false);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(false);
    setFailure(null);
    try {
      const next = await saveAlerts(alertBodyOf(values));
      queryClient.setQueryData(alertsQueryKey, next);
      form.reset(formValuesOf(next, i18n.language));
      setSaved(true);
    } catch (error) {
      console.error('alert settings update failed', error);
      const fields = isApiError(error) ? Object.entries(error.fieldErrors) : [];
      if (fields.length > 0) {
        fields.forEach(([path, key], i) =>
          form.setError(path as FieldPath<AlertFormValues>, { message: key }, { shouldFocus: i === 0 }),
        );
      }
      setFailure(errorMessage(error, t));
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
        <Section title={t('coverage.title')} description={t('coverage.description')}>
          <CoverageList
            name="court_ids"
            label={t('coverage.courts')}
            hint={t('coverage.courtsHint')}
            placeholder={t('coverage.courtsPlaceholder')}
            options={COURT_OPTIONS}
          />
          <CoverageList
            name="area_court_ids"
            label={t('coverage.areas')}
            hint={t('coverage.areasHint')}
            placeholder={t('coverage.areasPlaceholder')}
            options={AREA_OPTIONS}
          />
          <CoverageList
            name="cities"
            label={t('coverage.cities')}
            hint={t('coverage.citiesHint')}
            placeholder={t('coverage.citiesPlaceholder')}
            options={CITY_OPTIONS}
          />
        </Section>
        <Section title={t('caseTypes.title')} description={t('caseTypes.description')}>
          <CaseTypes />
        </Section>
        <Section title={t('fee.title')}>
          <FormField
            label={t('fee.label')}
            hint={t('fee.hint')}
            error={errorText(form.formState.errors.min_fee_net)}
            className="sm:max-w-xs"
          >
            <Input
              {...form.register('min_fee_net')}
              inputMode="decimal"
              autoComplete="off"
              placeholder="150,00"
            />
          </FormField>
        </Section>
        <Section title={t('channels.title')} description={t('channels.description')}>
          <fieldset className="flex flex-col gap-3">
            <legend className="sr-only">{t('channels.title')}</legend>
            <CheckboxRow name="channels.email" label={t('channels.email')} hint={t('channels.emailHint')} />
            <CheckboxRow name="channels.push" label={t('channels.push')} hint={t('channels.pushHint')} />
            <CheckboxRow
              name="channels.digest"
              label={t('channels.digest')}
              hint={t('channels.digestHint')}
            />
          </fieldset>
          <PushOptIn />
        </Section>
        <Section title={t('quiet.title')} description={t('quiet.description')}>
          <QuietHours />
        </Section>
        {failure && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {failure}
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
          <p role="status" className="text-sm font-medium text-success sm:mr-auto">
            {saved ? t('saved') : ''}
          </p>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('save')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
