import { cva, type VariantProps } from 'class-variance-authority';
import { Label as LabelPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const labelVariants = cva('peer-disabled:opacity-70', {
  variants: {
    kind: {
      /** A field's label. */
      field: 'text-sm leading-none font-medium text-foreground',
      /** The small label of one part of a field (a date's day, month, year). */
      hint: 'text-xs font-medium text-muted-foreground',
      /** The label beside a switch or checkbox, over more than one line. */
      option: 'text-sm leading-snug font-medium text-foreground',
      /** A consent's text beside its checkbox. */
      consent: 'text-sm leading-snug font-normal text-foreground',
    },
  },
  defaultVariants: { kind: 'field' },
});

export function Label({
  className,
  kind,
  ...props
}: ComponentProps<typeof LabelPrimitive.Root> & VariantProps<typeof labelVariants>) {
  return <LabelPrimitive.Root className={cn(labelVariants({ kind }), className)} {...props} />;
}
