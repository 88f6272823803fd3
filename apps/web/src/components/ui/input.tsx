import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A control's frame and states, without its width and text size (decision 075: `cn` does not merge). */
export const controlSurface =
  'rounded-md border border-input bg-card px-3 text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-destructive';
export const controlText = 'text-base md:text-sm';
export const controlClasses = `w-full ${controlSurface} ${controlText}`;

/** `font="mono"`: a code or an address to copy, small and monospaced. */
export function Input({
  className,
  type = 'text',
  font = 'sans',
  ...props
}: ComponentProps<'input'> & { font?: 'sans' | 'mono' }) {
  return (
    <input
      type={type}
      className={cn(
        'w-full',
        controlSurface,
        font === 'mono' ? 'font-mono text-xs' : controlText,
        'h-10',
        className,
      )}
      {...props}
    />
  );
}
