import {
  REFERENCE_DESCRIPTION_MAX_LENGTH,
  canAppendJob,
  canAppendReference,
  monthName,
  yearOptions,
} from '@substytut/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { emptyJob, emptyReference, type ProfileFormValues } from '../lib/profile-form-values';
import { useErrorText, useLanguage } from '@/lib/use-error-text';
import { NativeSelect, TextField, isShownValid } from './form-controls';

type MonthYearName =
  | `jobs.${number}.monthStart`
  | `jobs.${number}.yearStart`
  | `jobs.${number}.monthEnd`
  | `jobs.${number}.yearEnd`;

function DateSelect({
  name,
  kind,
  label,
  disabled,
  required,
}: {
  name: MonthYearName;
  kind: 'month' | 'year';
  label: string;
  disabled?: boolean;
  required?: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const { control } = useFormContext<ProfileFormValues>();
  const { field, fieldState } = useController({ name, control });
  const errorText = useErrorText();
  // Spec 5: the current year and the 60 before it.
  const years = useMemo(() => yearOptions(new Date()), []);
  const options =
    kind === 'month'
      ? Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: monthName(i + 1, language) }))
      : years.map((year) => ({ value: year, label: year }));

  return (
    <FormField label={label} required={required} error={errorText(fieldState.error)}>
      <NativeSelect
        ref={field.ref}
        name={field.name}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        disabled={disabled}
        valid={!disabled && isShownValid(field.value, fieldState)}
      >
        <option value="">{kind === 'month' ? t('form.monthPlaceholder') : t('form.yearPlaceholder')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

function StillWorking({ index }: { index: number }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const { control, setValue, clearErrors } = useFormContext<ProfileFormValues>();
  const { field } = useController({ name: `jobs.${index}.stillWorking`, control });
  return (
    <div className="flex items-center gap-2">
      <Checkbox
        id={id}
        ref={field.ref}
        checked={field.value}
        onBlur={field.onBlur}
        onCheckedChange={(checked) => {
          const value = checked === true;
          field.onChange(value);
          // Spec 2: ticking it clears (and disables) the end month and year.
          if (value) {
            setValue(`jobs.${index}.monthEnd`, '', { shouldDirty: true });
            setValue(`jobs.${index}.yearEnd`, '', { shouldDirty: true });
            clearErrors([`jobs.${index}.monthEnd`, `jobs.${index}.yearEnd`]);
          }
        }}
      />
      <Label htmlFor={id}>{t('form.stillWorking')}</Label>
    </div>
  );
}

interface BlockPosition {
  index: number;
  isLast: boolean;
  onAppend: () => void;
  onRemove: () => void;
}

/**
 * The frame of a repeated block (spec 2): its legend and fields, then "add" on the last block,
 * enabled once that block is complete (a hint says why until then), and "remove" on the others.
 */
function RepeatedBlock({
  legend,
  isLast,
  canAppend,
  onAppend,
  onRemove,
  addLabel,
  addHint,
  removeLabel,
  children,
}: Omit<BlockPosition, 'index'> & {
  legend: string;
  canAppend: boolean;
  addLabel: string;
  addHint: string;
  removeLabel: string;
  children: ReactNode;
}) {
  const hintId = useId();
  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border border-border bg-background/40 p-4">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {children}
      <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center">
        {isLast ? (
          <>
            <Button
              variant="secondary"
              size="sm"
              aria-disabled={!canAppend}
              aria-describedby={canAppend ? undefined : hintId}
              onClick={() => canAppend && onAppend()}
            >
              <Plus aria-hidden="true" />
              {addLabel}
            </Button>
            {!canAppend && (
              <p id={hintId} className="text-xs text-muted-foreground">
                {addHint}
              </p>
            )}
          </>
        ) : (
          <Button variant="ghost-destructive" size="sm" onClick={onRemove}>
            <Trash2 aria-hidden="true" />
            {removeLabel}
          </Button>
        )}
      </div>
    </fieldset>
  );
}

function JobBlock({ index, ...position }: BlockPosition) {
  const { t } = useTranslation('dashboard');
  const { control } = useFormContext<ProfileFormValues>();
  const job = useWatch({ control, name: `jobs.${index}` });
  const stillWorking = job?.stillWorking === true;

  return (
    <RepeatedBlock
      {...position}
      legend={t('form.jobLegend', { number: index + 1 })}
      canAppend={canAppendJob(job ?? {})}
      addLabel={t('form.addJob')}
      addHint={t('form.addJobHint')}
      removeLabel={t('form.removeJob', { number: index + 1 })}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField<ProfileFormValues>
          name={`jobs.${index}.positionName`}
          label={t('form.positionName')}
          required
        />
        <TextField<ProfileFormValues>
          name={`jobs.${index}.employerName`}
          label={t('form.employerName')}
          required
        />
      </div>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <DateSelect name={`jobs.${index}.monthStart`} kind="month" label={t('form.monthStart')} required />
        <DateSelect name={`jobs.${index}.yearStart`} kind="year" label={t('form.yearStart')} required />
        <DateSelect
          name={`jobs.${index}.monthEnd`}
          kind="month"
          label={t('form.monthEnd')}
          disabled={stillWorking}
        />
        <DateSelect
          name={`jobs.${index}.yearEnd`}
          kind="year"
          label={t('form.yearEnd')}
          disabled={stillWorking}
        />
      </div>
      <StillWorking index={index} />
    </RepeatedBlock>
  );
}

/** Repeatable job blocks: add on the last block, delete on the others (spec 2). */
export function JobBlocks() {
  const { control } = useFormContext<ProfileFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'jobs' });
  return (
    <div className="flex flex-col gap-4">
      {fields.map((field, index) => (
        <JobBlock
          key={field.id}
          index={index}
          isLast={index === fields.length - 1}
          onAppend={() => append(emptyJob(), { shouldFocus: true })}
          onRemove={() => remove(index)}
        />
      ))}
    </div>
  );
}

function ReferenceBlock({ index, ...position }: BlockPosition) {
  const { t } = useTranslation('dashboard');
  const { control } = useFormContext<ProfileFormValues>();
  const reference = useWatch({ control, name: `references.${index}` });

  return (
    <RepeatedBlock
      {...position}
      legend={t('form.referenceLegend', { number: index + 1 })}
      canAppend={canAppendReference(reference ?? {})}
      addLabel={t('form.addReference')}
      addHint={t('form.addReferenceHint')}
      removeLabel={t('form.removeReference', { number: index + 1 })}
    >
      <TextField<ProfileFormValues>
        name={`references.${index}.author`}
        label={t('form.referenceAuthor')}
        required
      />
      <TextField<ProfileFormValues>
        name={`references.${index}.description`}
        label={t('form.referenceDescription')}
        required
        multiline
        rows={3}
        maxLength={REFERENCE_DESCRIPTION_MAX_LENGTH}
        counter={(count, max) => t('form.counter', { count, max })}
      />
    </RepeatedBlock>
  );
}

export function ReferenceBlocks() {
  const { control } = useFormContext<ProfileFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'references' });
  return (
    <div className="flex flex-col gap-4">
      {fields.map((field, index) => (
        <ReferenceBlock
          key={field.id}
          index={index}
          isLast={index === fields.length - 1}
          onAppend={() => append(emptyReference(), { shouldFocus: true })}
          onRemove={() => remove(index)}
        />
      ))}
    </div>
  );
}
