import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Checkbox } from './checkbox';
import { Label } from './label';

/**
 * A required consent (terms, privacy policy) bound to a boolean field of a react-hook-form form,
 * with its error under it, wired together for screen readers. `children` is the label's text.
 */
export function ConsentCheckbox<Values extends FieldValues>({
  control,
  name,
  error,
  children,
}: {
  control: Control<Values>;
  name: FieldPath<Values>;
  /** Already translated error text; its presence marks the box invalid. */
  error?: string | undefined;
  children: ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-start gap-3">
        <Controller
          control={control}
          name={name}
          render={({ field: { value, onChange, onBlur, ref, name: fieldName } }) => (
            <Checkbox
              id={id}
              ref={ref}
              name={fieldName}
              checked={value === true}
              onCheckedChange={(checked) => onChange(checked === true)}
              onBlur={onBlur}
              aria-required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="mt-0.5"
            />
          )}
        />
        <Label htmlFor={id} kind="consent">
          {children}
          <span aria-hidden="true" className="ml-0.5 text-destructive">
            *
          </span>
        </Label>
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
