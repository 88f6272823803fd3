import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useErrorText } from '@/lib/use-error-text';
import { HOURS, MINUTES } from '../lib/when';

/**
 * A Warsaw day (typed day-month-year) and an hour on the 24-hour clock (two lists), as one group
 * with one label, hint and error.
 */
export function WhenFields({
  legend,
  hint,
  error,
  date,
  hour,
  minute,
  required,
}: {
  legend: string;
  hint?: string;
  error?: FieldError;
  date: UseFormRegisterReturn;
  hour: UseFormRegisterReturn;
  minute: UseFormRegisterReturn;
  required?: boolean;
}) {
  const { t } = useTranslation('board');
  const errorText = useErrorText();
  const id = useId();
  const message = errorText(error);
  const describedBy = [hint ? `${id}-hint` : null, message ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={describedBy}>
      <legend className="mb-2 text-sm font-medium">
        {legend}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-destructive">
            *
          </span>
        )}
      </legend>
      <div className="grid grid-cols-[minmax(0,1fr)_5rem_5rem] gap-2 sm:grid-cols-[12rem_5.5rem_5.5rem]">
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-date`} className="text-xs text-muted-foreground">
            {t('when.date')}
          </Label>
          <Input
            id={`${id}-date`}
            {...date}
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('when.datePlaceholder')}
            aria-invalid={message ? true : undefined}
            aria-required={required || undefined}
          />
        </div>
        {(
          [
            ['hour', hour, HOURS],
            ['minute', minute, MINUTES],
          ] as const
        ).map(([part, registration, options]) => (
          <div key={part} className="flex flex-col gap-1">
            <Label htmlFor={`${id}-${part}`} className="text-xs text-muted-foreground">
              {t(`when.${part}`)}
            </Label>
            <NativeSelect id={`${id}-${part}`} {...registration} aria-invalid={message ? true : undefined}>
              <option value="">--</option>
              {options.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {message}
        </p>
      )}
    </fieldset>
  );
}
