import { FileText, Upload, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** The product's file button: a styled label over a visually hidden (still focusable) file input. */
export const pickerPlacement =
  'cursor-pointer self-start peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring';
export const pickerClasses = cn(buttonVariants({ variant: 'outline', size: 'sm' }), pickerPlacement);

/**
 * One optional file (issue 34: the hearing minutes, the dispute answer's file) with the product's
 * upload control instead of the browser's bare input: the field's label names the input, Tab
 * reaches it and Enter or Space opens the chooser, the chosen file's name is shown and announced,
 * and it can be removed again.
 */
export function FilePicker({
  label,
  hint,
  error,
  accept,
  file,
  onFile,
  disabled,
}: {
  label: string;
  hint?: string;
  /** already translated */
  error?: string;
  accept: string;
  file: File | null;
  onFile: (file: File | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const describedBy =
    [hint && `${id}-hint`, `${id}-chosen`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <span id={`${id}-label`} className="text-sm leading-none font-medium">
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          className="peer sr-only"
          disabled={disabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onFile(event.currentTarget.files?.[0] ?? null)}
        />
        <label htmlFor={id} className={cn(pickerClasses, disabled && 'pointer-events-none opacity-50')}>
          <Upload aria-hidden="true" />
          {file ? t('filePicker.change') : t('filePicker.choose')}
        </label>
        {/* The name and its remove button stay together when the row wraps on a phone. */}
        <span className="flex min-w-0 items-center gap-1">
          <span id={`${id}-chosen`} aria-live="polite" className="flex min-w-0 items-center gap-1.5 text-sm">
            {file ? (
              <>
                <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <span className="truncate">{file.name}</span>
              </>
            ) : (
              <span className="text-muted-foreground">{t('filePicker.none')}</span>
            )}
          </span>
          {file && (
            <button
              type="button"
              disabled={disabled}
              className={buttonVariants({ variant: 'ghost', size: 'icon' })}
              aria-label={t('filePicker.remove', { name: file.name })}
              onClick={() => {
                if (input.current) input.current.value = '';
                onFile(null);
                input.current?.focus();
              }}
            >
              <X aria-hidden="true" />
            </button>
          )}
        </span>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
