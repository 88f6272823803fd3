import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

// Every variant and size of the app's buttons (decision 075): `cn` joins classes without merging
// them, so a caller's className only places the button (margin, width, alignment in its parent)
// and never sets what a variant or size sets. `class-conflicts.mjs` (cn.test.ts) checks it.
export const buttonVariants = cva(
  'inline-flex shrink-0 items-center gap-2 rounded-md transition-colors select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none aria-disabled:pointer-events-none [&_svg]:pointer-events-none [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
        accent: 'bg-accent text-accent-foreground shadow-sm hover:brightness-95',
        secondary: 'bg-secondary text-secondary-foreground hover:brightness-95 dark:hover:brightness-125',
        outline: 'border border-input bg-card text-foreground hover:bg-muted',
        ghost: 'text-foreground hover:bg-muted',
        'ghost-destructive': 'text-destructive hover:bg-muted',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:brightness-95',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        xs: 'h-8 px-3 text-sm whitespace-nowrap [&_svg]:size-4',
        sm: 'h-9 px-3 text-sm whitespace-nowrap [&_svg]:size-4',
        md: 'h-10 px-4 text-sm whitespace-nowrap [&_svg]:size-4',
        lg: 'h-12 px-6 text-base whitespace-nowrap [&_svg]:size-5',
        icon: 'size-10 whitespace-nowrap [&_svg]:size-5',
        'icon-sm': 'size-9 whitespace-nowrap [&_svg]:size-5',
        /** A square button of the small size: an icon at the text's size. */
        'icon-xs': 'size-9 text-sm whitespace-nowrap [&_svg]:size-4',
        /** A label that may wrap: as tall as its lines, the text at the start. */
        multiline: 'h-auto px-4 text-left text-sm whitespace-normal [&_svg]:size-4',
        /** The small size without side padding: a link that lines up with the text above it. */
        'sm-flush': 'h-9 px-0 text-sm whitespace-nowrap [&_svg]:size-4',
      },
      align: {
        center: 'justify-center',
        start: 'justify-start',
      },
      weight: {
        medium: 'font-medium',
        semibold: 'font-semibold',
      },
      /** How faint a disabled (or aria-disabled) button is. */
      faded: {
        normal: 'disabled:opacity-60 aria-disabled:opacity-60',
        more: 'disabled:opacity-50 aria-disabled:opacity-50',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md', align: 'center', weight: 'medium', faded: 'normal' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    loading?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  align,
  weight,
  faded,
  loading = false,
  disabled,
  children,
  type,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={cn(buttonVariants({ variant, size, align, weight, faded }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}
