import { cva, type VariantProps } from 'class-variance-authority';
import { HoverCard as HoverCardPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { HOVER_CARD_CLOSE_MS, HOVER_CARD_OPEN_MS } from '@/config/constants';
import { cn } from '@/lib/cn';

export function HoverCard(props: ComponentProps<typeof HoverCardPrimitive.Root>) {
  return (
    <HoverCardPrimitive.Root openDelay={HOVER_CARD_OPEN_MS} closeDelay={HOVER_CARD_CLOSE_MS} {...props} />
  );
}

export const HoverCardTrigger = HoverCardPrimitive.Trigger;

const hoverCardContentVariants = cva(
  'z-50 rounded-lg border border-border bg-popover p-4 text-sm text-popover-foreground shadow-lg',
  { variants: { size: { md: 'w-72', lg: 'w-80' } }, defaultVariants: { size: 'md' } },
);

export function HoverCardContent({
  className,
  size,
  sideOffset = 6,
  ...props
}: ComponentProps<typeof HoverCardPrimitive.Content> & VariantProps<typeof hoverCardContentVariants>) {
  return (
    <HoverCardPrimitive.Portal>
      <HoverCardPrimitive.Content
        sideOffset={sideOffset}
        className={cn(hoverCardContentVariants({ size }), className)}
        {...props}
      />
    </HoverCardPrimitive.Portal>
  );
}
