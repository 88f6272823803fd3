import {
  HEARING_DIVISION_MAX_LENGTH,
  HEARING_LINK_MAX_LENGTH,
  HEARING_PARTY_MAX_LENGTH,
} from '@substytut/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SingleCombobox } from '@/components/ui/combobox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { WhenFields } from '@/components/ui/when-fields';
import { joinTime, timePartsOf } from '@/lib/when';
import { useErrorText } from '@/lib/use-error-text';
import { COURT_OPTIONS, courtFilter, type HearingErrors, type HearingFormValues } from './hearing-values';

interface HearingFieldsProps {
  value: HearingFormValues;
  onChange: (patch: Partial<HearingFormValues>) => void;
  errors: HearingErrors;
  /** a line under the legend, e.g. what the client may change */
  description?: string;
  disabled?: boolean;
}

/**
 * The hearing's details (issue 23), every one optional: court (searchable list), division, case
 * number, Warsaw day and hour, in person or remote (with its link), the party represented. Used
 * by the lawyer's offer form and the client's step 2.
 */
export function HearingFields({ value, onChange, errors, description, disabled }: HearingFieldsProps) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  const legendId = useId();
  const descriptionId = useId();
  const { hour, minute } = timePartsOf(value.time);
  const text = (field: keyof HearingFormValues) => ({
    value: value[field],
    onChange: (event: { target: { value: string } }) => onChange({ [field]: event.target.value }),
  });
  return (
    <fieldset
      disabled={disabled}
      aria-labelledby={legendId}
      aria-describedby={description ? descriptionId : undefined}
      className="@container flex min-w-0 flex-col gap-3 rounded-md border border-border p-3"
    >
      <legend id={legendId} className="px-1 text-sm font-semibold">
        {t('hearing.legend')}
      </legend>
      {description && (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      <FormField label={t('hearing.court')} error={errorText(errors.court_id)}>
        <SingleCombobox
          options={COURT_OPTIONS}
          value={value.court_id}
          onChange={(court_id) => onChange({ court_id })}
          placeholder={t('hearing.courtPlaceholder')}
          filter={courtFilter}
        />
      </FormField>
      <FormField label={t('hearing.division')} error={errorText(errors.division)}>
        <Input
          {...text('division')}
          maxLength={HEARING_DIVISION_MAX_LENGTH}
          autoComplete="off"
          placeholder={t('hearing.divisionPlaceholder')}
        />
      </FormField>
      <FormField
        label={t('hearing.caseNumber')}
        hint={t('hearing.caseNumberHint')}
        error={errorText(errors.case_number)}
      >
        <Input {...text('case_number')} maxLength={40} autoComplete="off" />
      </FormField>
      {/* Issue 34: a typed day-month-year and the 24-hour clock, whatever the browser's locale. */}
      <WhenFields
        legend={t('hearing.date')}
        hint={t('hearing.timeHint')}
        error={errors.date ?? errors.time}
        date={text('date')}
        hour={{
          value: hour,
          onChange: (event) => onChange({ time: joinTime(event.target.value, minute) }),
        }}
        minute={{
          value: minute,
          onChange: (event) => onChange({ time: joinTime(hour, event.target.value) }),
        }}
        extraMinute={minute}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{t('hearing.mode')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {(['in_person', 'remote'] as const).map((mode) => (
            <label key={mode} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${legendId}-mode`}
                value={mode}
                checked={value.mode === mode}
                onChange={() => onChange({ mode })}
                className="size-4 accent-primary"
              />
              {t(`hearing.modes.${mode}`)}
            </label>
          ))}
        </div>
        {errors.mode && <p className="text-xs text-destructive">{errorText(errors.mode)}</p>}
      </fieldset>
      {value.mode === 'remote' && (
        <FormField
          label={t('hearing.remoteLink')}
          hint={t('hearing.remoteLinkHint')}
          error={errorText(errors.remote_link)}
        >
          <Input
            {...text('remote_link')}
            type="url"
            inputMode="url"
            maxLength={HEARING_LINK_MAX_LENGTH}
            autoComplete="off"
            placeholder="https://"
          />
        </FormField>
      )}
      <FormField label={t('hearing.party')} hint={t('hearing.partyHint')} error={errorText(errors.party)}>
        <Input
          {...text('party')}
          maxLength={HEARING_PARTY_MAX_LENGTH}
          autoComplete="off"
          placeholder={t('hearing.partyPlaceholder')}
        />
      </FormField>
    </fieldset>
  );
}

/**
 * The hearing fields folded under 'Szczegóły rozprawy (opcjonalnie)', as the offer form and step 2
 * show them: optional, so closed until opened (or until the server points at one of them).
 */
export function OptionalHearingFields({
  open,
  onOpenChange,
  value,
  onChange,
  errors,
  description,
}: Omit<HearingFieldsProps, 'onChange' | 'disabled'> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChange: (update: (current: HearingFormValues) => HearingFormValues) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <details
      open={open}
      onToggle={(event) => onOpenChange(event.currentTarget.open)}
      className="group rounded-md"
    >
      <summary className="cursor-pointer rounded-sm py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring">
        {t('hearing.optional')}
      </summary>
      <div className="pt-2">
        <HearingFields
          value={value}
          onChange={(patch) => onChange((current) => ({ ...current, ...patch }))}
          errors={errors}
          description={description}
        />
      </div>
    </details>
  );
}
