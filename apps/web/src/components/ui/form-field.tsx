import { CircleCheck } from 'lucide-react';
import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

interface ControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

interface FormFieldProps {
  label: ReactNode;
  /** Already translated error text; its presence marks the control invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Shows the green check the profile form uses for valid, non-empty fields. */
  valid?: boolean;
  required?: boolean;
  className?: string;
  children: ReactElement<ControlProps>;
}

/** Label + control + hint + error, wired together for screen readers. */
export function FormField({ label, error, hint, valid, required, className, children }: FormFieldProps) {
  const autoId = useId();
  const id = (isValidElement(children) && children.props.id) || `field-${autoId}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [children.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-destructive">
            *
          </span>
        )}
      </Label>
      <div className="relative">
        {cloneElement(children, {
          id,
          'aria-describedby': describedBy,
          'aria-invalid': error ? true : undefined,
        })}
        {valid && !error && (
          <CircleCheck
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-success"
          />
        )}
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
