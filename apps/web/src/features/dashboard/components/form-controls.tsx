import { CircleCheck, Save } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useController, useFormContext, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { useErrorText } from '@/lib/use-error-text';

/**
 * Spec 2: a field shows a green check when it is valid and not empty. A value counts as checked
 * once validated: after the field was left, or when it came prefilled (validated on load).
 */
export function isShownValid(
  value: unknown,
  state: { invalid: boolean; isTouched: boolean; isDirty: boolean },
): boolean {
  const filled = Array.isArray(value)
    ? value.length > 0
    : typeof value === 'string'
      ? value.trim() !== ''
      : false;
  return filled && !state.invalid && (state.isTouched || !state.isDirty);
}

// Shared with the payment form's grantor fields.
export { NativeSelect } from '@/components/ui/native-select';

interface TextFieldProps<T extends FieldValues> {
  name: FieldPathByValue<T, string>;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  multiline?: boolean;
  /** Typing stops here (the browser enforces maxLength, pasting included). */
  maxLength?: number;
  /** Shows 'n / max' under the field. */
  counter?: (count: number, max: number) => ReactNode;
  className?: string;
  inputProps?: Omit<ComponentProps<'input'>, 'name' | 'value' | 'onChange' | 'onBlur' | 'ref'>;
  rows?: number;
  disabled?: boolean;
  /** Rewrites the value as it is typed (a postcode's dash). */
  format?: (typed: string) => string;
}

export function TextField<T extends FieldValues>({
  name,
  label,
  required,
  hint,
  multiline,
  maxLength,
  counter,
  className,
  inputProps,
  rows,
  disabled,
  format,
}: TextFieldProps<T>) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController<T>({ name, control });
  const errorText = useErrorText();
  const value = (field.value as string | undefined) ?? '';
  const count = value.length;
  const fullHint =
    counter && maxLength !== undefined ? (
      <span className="flex justify-between gap-3">
        <span>{hint}</span>
        <span className={cn('tabular-nums', count >= maxLength && 'font-medium text-foreground')}>
          {counter(count, maxLength)}
        </span>
      </span>
    ) : (
      hint
    );

  const common = {
    name: field.name,
    value,
    onBlur: field.onBlur,
    disabled,
    maxLength,
    onChange: (event: { target: { value: string } }) => {
      const typed = format ? format(event.target.value) : event.target.value;
      field.onChange(maxLength === undefined ? typed : typed.slice(0, maxLength));
    },
  };

  return (
    <FormField
      label={label}
      required={required}
      error={errorText(fieldState.error)}
      hint={fullHint}
      valid={!disabled && isShownValid(value, fieldState)}
      className={className}
    >
      {multiline ? (
        <Textarea ref={field.ref} rows={rows} className="pr-9" {...common} />
      ) : (
        <Input ref={field.ref} className="pr-9" {...inputProps} {...common} />
      )}
    </FormField>
  );
}

/** The green check for controls that draw their own chevron (selects, comboboxes). */
export function ValidMark({ show }: { show: boolean }) {
  if (!show) return null;
  return <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-success" />;
}

/** A billing form's foot: 'saved' announced to screen readers beside the submit button. */
export function SaveRow({
  saved,
  savedText,
  saving,
  label,
}: {
  saved: boolean;
  savedText: string;
  saving: boolean;
  label: string;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
      <p role="status" className="flex items-center gap-1.5 text-sm font-medium text-success sm:mr-auto">
        {saved && (
          <>
            <CircleCheck aria-hidden="true" className="size-4" />
            {savedText}
          </>
        )}
      </p>
      <Button type="submit" loading={saving}>
        {!saving && <Save aria-hidden="true" />}
        {label}
      </Button>
    </div>
  );
}
