import { TRAINING_START_MAX_YEARS, monthName } from '@substytut/shared';
import { useId, useMemo, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';
import { useErrorText, useLanguage } from '@/lib/use-error-text';
import type { ProfileFormValues } from '../lib/profile-form-values';
import { NativeSelect, isShownValid } from './form-controls';

const split = (value: string): { year: string; month: string } => {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  return match ? { year: match[1]!, month: String(Number(match[2])) } : { year: '', month: '' };
};

/**
 * Issue 32: a trainee's training start, month and year, held as 'YYYY-MM'. The board counts the
 * months a trainee may substitute from it (art. 77 Prawo o adwokaturze, art. 35 ustawy o radcach
 * prawnych). Two selects rather than a month input: Firefox and Safari have no month picker.
 */
export function TrainingStartField() {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const errorText = useErrorText();
  const id = useId();
  const { control } = useFormContext<ProfileFormValues>();
  const { field, fieldState } = useController({ name: 'training_start', control });
  // A month chosen before its year (or the other way round) stays chosen here, and the field
  // holds an incomplete value the schema refuses, so a half-filled date is never lost silently.
  const [draft, setDraft] = useState(() => split(field.value));
  const years = useMemo(() => {
    const current = new Date().getFullYear();
    return Array.from({ length: TRAINING_START_MAX_YEARS + 1 }, (_, i) => String(current - i));
  }, []);
  const choose = (next: { year: string; month: string }) => {
    setDraft(next);
    if (next.year === '' && next.month === '') field.onChange('');
    else field.onChange(`${next.year}-${next.month.padStart(2, '0')}`);
  };
  const error = errorText(fieldState.error);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');
  const valid = isShownValid(field.value, fieldState);

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={describedBy}>
      <legend className="mb-2 text-sm leading-none font-medium">{t('form.trainingStart')}</legend>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-month`} kind="hint">
            {t('form.trainingStartMonth')}
          </Label>
          <NativeSelect
            id={`${id}-month`}
            ref={field.ref}
            value={draft.month}
            onChange={(event) => choose({ ...draft, month: event.target.value })}
            onBlur={field.onBlur}
            aria-invalid={error ? true : undefined}
            valid={valid}
          >
            <option value="">{t('form.monthPlaceholder')}</option>
            {Array.from({ length: 12 }, (_, i) => (
              <option key={i + 1} value={String(i + 1)}>
                {monthName(i + 1, language)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-year`} kind="hint">
            {t('form.trainingStartYear')}
          </Label>
          <NativeSelect
            id={`${id}-year`}
            value={draft.year}
            onChange={(event) => choose({ ...draft, year: event.target.value })}
            onBlur={field.onBlur}
            aria-invalid={error ? true : undefined}
            valid={valid}
          >
            <option value="">{t('form.yearPlaceholder')}</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {t('form.trainingStartHint')}
      </p>
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
