import { cva, type VariantProps } from 'class-variance-authority';
import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const Tabs = TabsPrimitive.Root;

const tabsListVariants = cva('h-11 items-center rounded-lg bg-muted p-1 text-muted-foreground', {
  variants: { layout: { inline: 'inline-flex', 'two-columns': 'grid w-full grid-cols-2' } },
  defaultVariants: { layout: 'inline' },
});

export function TabsList({
  className,
  layout,
  ...props
}: ComponentProps<typeof TabsPrimitive.List> & VariantProps<typeof tabsListVariants>) {
  return <TabsPrimitive.List className={cn(tabsListVariants({ layout }), className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex h-full flex-1 items-center justify-center rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50 data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

const tabsContentVariants = cva('focus-visible:outline-2 focus-visible:outline-ring', {
  variants: { spacing: { md: 'mt-4', lg: 'mt-6' } },
  defaultVariants: { spacing: 'md' },
});

export function TabsContent({
  className,
  spacing,
  ...props
}: ComponentProps<typeof TabsPrimitive.Content> & VariantProps<typeof tabsContentVariants>) {
  return <TabsPrimitive.Content className={cn(tabsContentVariants({ spacing }), className)} {...props} />;
}
