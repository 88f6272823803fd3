import type { ComponentProps } from 'react';
import type { FieldError } from 'react-hook-form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useErrorText } from '@/lib/use-error-text';
import { HOURS, MINUTES } from '@/lib/when';

/** A react-hook-form registration or a controlled value with its handler. */
type InputProps = ComponentProps<typeof Input>;
type SelectProps = ComponentProps<typeof NativeSelect>;

/**
 * A day typed as 'dd.mm.rrrr' (issue 34: the browser's own date field follows the browser's
 * locale, which may be month-first), for a field of its own such as an offer's expiry.
 */
export function DayInput(props: InputProps) {
  const { t } = useTranslation('common');
  return <Input inputMode="numeric" autoComplete="off" placeholder={t('when.datePlaceholder')} {...props} />;
}

/**
 * A Warsaw day (typed day-month-year) and an hour on the 24-hour clock (two lists), as one group
 * with one label, hint and error: the board's forms, the offer's hearing and the hearing report.
 * `extraMinute` adds a stored minute outside the five-minute steps, so the list can show it.
 */
export function WhenFields({
  legend,
  hint,
  error,
  date,
  hour,
  minute,
  required,
  extraMinute,
}: {
  legend: string;
  hint?: string;
  /** a react-hook-form error or an error key of the catalogue */
  error?: FieldError | string;
  date: InputProps;
  hour: SelectProps;
  minute: SelectProps;
  required?: boolean;
  extraMinute?: string;
}) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  const id = useId();
  const message = errorText(error);
  const describedBy =
    [hint ? `${id}-hint` : null, message ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const minutes = extraMinute && !MINUTES.includes(extraMinute) ? [...MINUTES, extraMinute].sort() : MINUTES;
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
          <Label htmlFor={`${id}-date`} kind="hint">
            {t('when.date')}
          </Label>
          <DayInput
            id={`${id}-date`}
            {...date}
            aria-invalid={message ? true : undefined}
            aria-required={required || undefined}
          />
        </div>
        {(
          [
            ['hour', hour, HOURS],
            ['minute', minute, minutes],
          ] as const
        ).map(([part, control, options]) => (
          <div key={part} className="flex flex-col gap-1">
            <Label htmlFor={`${id}-${part}`} kind="hint">
              {t(`when.${part}`)}
            </Label>
            <NativeSelect id={`${id}-${part}`} {...control} aria-invalid={message ? true : undefined}>
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
