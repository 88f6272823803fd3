import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 [&_svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        accent: 'border-transparent bg-accent text-accent-foreground',
        outline: 'border-border text-foreground',
        success: 'border-transparent bg-success text-success-foreground',
        destructive: 'border-transparent bg-destructive text-destructive-foreground',
        warning: 'border-transparent bg-warning text-warning-foreground',
      },
      size: { xs: 'text-xs', sm: 'text-sm' },
      weight: { semibold: 'font-semibold', medium: 'font-medium' },
      /** A long label wraps (with a max width the caller gives) instead of staying on one line. */
      wrap: { false: 'whitespace-nowrap', true: 'whitespace-normal' },
    },
    defaultVariants: { variant: 'default', size: 'xs', weight: 'semibold', wrap: false },
  },
);

export function Badge({
  className,
  variant,
  size,
  weight,
  wrap,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant, size, weight, wrap }), className)} {...props} />;
}
