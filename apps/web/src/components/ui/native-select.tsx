import { ChevronDown, CircleCheck } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { controlClasses } from './input';

/** A native select, styled like the other controls (best on phones for the 61-year list). */
export function NativeSelect({
  className,
  children,
  valid,
  ...props
}: ComponentProps<'select'> & { valid?: boolean }) {
  return (
    <div className="relative">
      <select
        className={cn(controlClasses, 'h-10 appearance-none', valid ? 'pr-14' : 'pr-9', className)}
        {...props}
      >
        {children}
      </select>
      {valid && (
        <CircleCheck
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-8 size-4 -translate-y-1/2 text-success"
        />
      )}
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-70"
      />
    </div>
  );
}
