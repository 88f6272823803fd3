import {
  BOARD_CASE_TYPES,
  BOARD_PARTIES_MAX,
  BOARD_PARTY_NAME_MAX_LENGTH,
  BOARD_PARTY_ROLE_MAX_LENGTH,
  BOARD_TASK_MAX_LENGTH,
} from '@substytut/shared/contract/board';
import { HEARING_DIVISION_MAX_LENGTH, HEARING_MODES } from '@substytut/shared/hearing';
import { PROFESSIONAL_TYPES } from '@substytut/shared/reference-data/professional-types';
import { Flame, Plus, Trash2 } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useController, useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { COURT_OPTIONS, courtFilter } from '@/components/hearing/hearing-values';
import { Button } from '@/components/ui/button';
import { SingleCombobox } from '@/components/ui/combobox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { paths, useLocalizedHref } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useErrorText } from '@/lib/use-error-text';
import { useLanguage } from '@/lib/use-language';
import { usePostRequest } from '../api/my-requests';
import { divisionOptions } from '../lib/divisions';
import { moment } from '../lib/format';
import {
  defaultDeadline,
  EMPTY_POST_VALUES,
  isUrgent,
  postFormResolver,
  serverFieldErrors,
  toPostBody,
  type PostFormValues,
} from '../lib/post-form';
import { whenToIso } from '@/lib/when';
import { GrossLine } from './gross-line';
import { WhenFields } from '@/components/ui/when-fields';

/** A group's legend with the required mark the form fields show. */
function RequiredLegend({ children }: { children: ReactNode }) {
  return (
    <legend className="mb-2 text-sm font-medium">
      {children}
      <span aria-hidden="true" className="ml-0.5 text-destructive">
        *
      </span>
    </legend>
  );
}

const OTHER_DIVISION = '__other';

const radioClasses = 'size-4 accent-primary';
const checkClasses = 'size-4 accent-primary';

/**
 * Posting a request (issue 32): the hearing, what to do, who may take it, the fee or "ask for
 * quotes", auto-assign, the answer deadline, and the confidential case number and parties. It is
 * checked with the API's own rule; a posted request opens "My requests".
 */
export function PostForm() {
  const { t } = useTranslation('board');
  const language = useLanguage();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const href = useLocalizedHref();
  const post = usePostRequest();
  const resolver = useMemo(() => postFormResolver(), []);
  const form = useForm<PostFormValues>({ defaultValues: EMPTY_POST_VALUES, resolver, mode: 'onTouched' });
  const { register, control, formState, watch } = form;
  const { errors } = formState;
  const parties = useFieldArray({ control, name: 'parties' });
  const court = useController({ control, name: 'court_id' });
  const ids = useId();
  const [typedDivision, setTypedDivision] = useState(false);

  const courtId = watch('court_id');
  const divisions = divisionOptions(courtId);
  const feeKind = watch('fee_kind');
  const feeNet = watch('fee_net');
  const [date, hour, minute] = watch(['date', 'hour', 'minute']);
  const startsAt = whenToIso({ date, hour, minute });
  const now = new Date();
  const urgent = isUrgent(startsAt, now);
  const deadlineHint = startsAt
    ? t('form.deadlineDefaultAt', { at: moment(defaultDeadline(startsAt, now).toISOString(), language) })
    : t('form.deadlineDefault');

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await post.mutateAsync(toPostBody(values));
      toast.success(t('form.posted'));
      void navigate(href(paths.dashboard.boardMine.getHref()));
    } catch (error) {
      if (isApiError(error))
        for (const [path, key] of serverFieldErrors(error.fieldErrors))
          form.setError(path as FieldPath<PostFormValues>, { type: 'server', message: key });
      toast.error(errorMessage(error, t));
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t('form.label')}
      className="flex flex-col gap-6"
    >
      <section
        aria-labelledby={`${ids}-hearing`}
        className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 sm:p-6"
      >
        <h2 id={`${ids}-hearing`} className="text-lg font-semibold">
          {t('form.hearing')}
        </h2>
        <FormField label={t('form.court')} error={errorText(errors.court_id)} required>
          <SingleCombobox
            options={COURT_OPTIONS}
            value={court.field.value}
            onChange={(value) => {
              court.field.onChange(value);
              form.setValue('division', '');
              setTypedDivision(false);
            }}
            onBlur={court.field.onBlur}
            placeholder={t('form.courtPlaceholder')}
            filter={courtFilter}
            aria-required="true"
          />
        </FormField>
        <FormField label={t('form.division')} error={errorText(errors.division)}>
          {divisions.length > 0 && !typedDivision ? (
            <NativeSelect
              {...register('division', {
                onChange: (event: { target: { value: string } }) => {
                  // A division the 2017 list lacks is typed instead.
                  if (event.target.value === OTHER_DIVISION) {
                    setTypedDivision(true);
                    form.setValue('division', '');
                  }
                },
              })}
            >
              <option value="">{t('form.divisionChoose')}</option>
              {divisions.map((division) => (
                <option key={division} value={division}>
                  {division}
                </option>
              ))}
              <option value={OTHER_DIVISION}>{t('form.divisionOther')}</option>
            </NativeSelect>
          ) : (
            <Input
              {...register('division')}
              maxLength={HEARING_DIVISION_MAX_LENGTH}
              autoComplete="off"
              placeholder={t('form.divisionPlaceholder')}
            />
          )}
        </FormField>
        <WhenFields
          legend={t('form.when')}
          hint={t('form.whenHint')}
          error={errors.date}
          date={register('date')}
          hour={register('hour')}
          minute={register('minute')}
          required
        />
        {urgent && (
          <p
            role="status"
            className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm"
          >
            <Flame aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            {t('form.urgentHint')}
          </p>
        )}
        <fieldset className="flex flex-col gap-2">
          <RequiredLegend>{t('form.mode')}</RequiredLegend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {HEARING_MODES.map((mode) => (
              <label key={mode} className="flex items-center gap-2 text-sm">
                <input type="radio" value={mode} {...register('mode')} className={radioClasses} />
                {t(`modes.${mode}`)}
              </label>
            ))}
          </div>
          {errors.mode && <p className="text-sm font-medium text-destructive">{errorText(errors.mode)}</p>}
        </fieldset>
        <FormField label={t('form.caseType')} error={errorText(errors.case_type)} required>
          <NativeSelect {...register('case_type')} aria-required="true">
            <option value="">{t('form.caseTypeChoose')}</option>
            {BOARD_CASE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`caseTypes.${type}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label={t('form.task')}
          hint={t('form.taskHint', { max: BOARD_TASK_MAX_LENGTH })}
          error={errorText(errors.task)}
          required
        >
          <Textarea {...register('task')} maxLength={BOARD_TASK_MAX_LENGTH} rows={4} aria-required="true" />
        </FormField>
        <fieldset className="flex flex-col gap-2">
          <RequiredLegend>{t('form.professions')}</RequiredLegend>
          <div className="grid gap-2 sm:grid-cols-2">
            {PROFESSIONAL_TYPES.map((type) => (
              <label key={type.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  value={type.id}
                  {...register('professions')}
                  className={checkClasses}
                />
                {type[language]}
              </label>
            ))}
          </div>
          <p className="text-xs text-muted-foreground">{t('form.professionsHint')}</p>
          {errors.professions && (
            <p className="text-sm font-medium text-destructive">
              {errorText(errors.professions.message ?? errors.professions.root?.message)}
            </p>
          )}
        </fieldset>
      </section>

      <section
        aria-labelledby={`${ids}-fee`}
        className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 sm:p-6"
      >
        <h2 id={`${ids}-fee`} className="text-lg font-semibold">
          {t('form.feeTitle')}
        </h2>
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('form.feeTitle')}</legend>
          {(['fixed', 'quote'] as const).map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                value={kind}
                {...register('fee_kind', {
                  onChange: () => {
                    if (kind === 'quote') form.setValue('auto_assign', false);
                  },
                })}
                className={radioClasses}
              />
              {kind === 'fixed' ? t('form.feeFixed') : t('form.feeQuote')}
            </label>
          ))}
        </fieldset>
        {feeKind === 'fixed' ? (
          <div className="flex flex-col gap-1">
            <FormField
              label={t('form.feeNet')}
              hint={t('form.feeNetHint')}
              error={errorText(errors.fee_net)}
              required
            >
              <Input
                {...register('fee_net', {
                  onChange: (event: { target: { value: string } }) => {
                    const cleaned = event.target.value.replace(/[^\d.,\s]/g, '');
                    if (cleaned !== event.target.value) form.setValue('fee_net', cleaned);
                  },
                })}
                inputMode="decimal"
                autoComplete="off"
                placeholder="250,00"
                aria-required="true"
              />
            </FormField>
            <GrossLine net={feeKind === 'fixed' ? feeNet : null} />
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" {...register('auto_assign')} className={`${checkClasses} mt-0.5`} />
              <span>
                {t('form.autoAssign')}
                <span className="block text-xs text-muted-foreground">{t('form.autoAssignHint')}</span>
              </span>
            </label>
            {errors.auto_assign && (
              <p className="text-sm font-medium text-destructive">{errorText(errors.auto_assign)}</p>
            )}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t('form.feeQuoteHint')}</p>
        )}
        <WhenFields
          legend={t('form.deadline')}
          hint={deadlineHint}
          error={errors.deadline_date}
          date={register('deadline_date')}
          hour={register('deadline_hour')}
          minute={register('deadline_minute')}
        />
      </section>

      <section
        aria-labelledby={`${ids}-confidential`}
        className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 sm:p-6"
      >
        <div className="flex flex-col gap-1">
          <h2 id={`${ids}-confidential`} className="text-lg font-semibold">
            {t('form.confidential')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('form.confidentialHint')}</p>
        </div>
        <FormField
          label={t('form.caseNumber')}
          hint={t('form.caseNumberHint')}
          error={errorText(errors.case_number)}
        >
          <Input {...register('case_number')} maxLength={40} autoComplete="off" />
        </FormField>
        <fieldset className="flex flex-col gap-3">
          <RequiredLegend>{t('form.parties')}</RequiredLegend>
          {parties.fields.map((field, index) => (
            <div
              key={field.id}
              className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,12rem)_auto] sm:items-end"
            >
              <FormField
                label={t('form.partyName', { n: index + 1 })}
                error={errorText(errors.parties?.[index]?.name)}
              >
                <Input
                  {...register(`parties.${index}.name`)}
                  maxLength={BOARD_PARTY_NAME_MAX_LENGTH}
                  autoComplete="off"
                  aria-required="true"
                />
              </FormField>
              <FormField
                label={t('form.partyRole', { n: index + 1 })}
                error={errorText(errors.parties?.[index]?.role)}
              >
                <Input
                  {...register(`parties.${index}.role`)}
                  maxLength={BOARD_PARTY_ROLE_MAX_LENGTH}
                  autoComplete="off"
                  placeholder={t('form.partyRolePlaceholder')}
                  aria-required="true"
                />
              </FormField>
              <Button
                variant="ghost"
                size="icon"
                disabled={parties.fields.length === 1}
                onClick={() => parties.remove(index)}
                aria-label={t('form.partyRemove', { n: index + 1 })}
                className="justify-self-end"
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          ))}
          {errors.parties?.message && (
            <p className="text-sm font-medium text-destructive">{errorText(errors.parties.message)}</p>
          )}
          <Button
            variant="outline"
            className="self-start"
            disabled={parties.fields.length >= BOARD_PARTIES_MAX}
            onClick={() => parties.append({ name: '', role: '' })}
          >
            <Plus aria-hidden="true" />
            {t('form.partyAdd')}
          </Button>
        </fieldset>
      </section>

      <div role="alert" className="sr-only">
        {formState.submitCount > 0 && Object.keys(errors).length > 0 ? t('form.fixErrors') : ''}
      </div>
      <Button type="submit" size="lg" loading={post.isPending} className="w-full sm:w-auto sm:self-end">
        {t('form.submit')}
      </Button>
    </form>
  );
}
