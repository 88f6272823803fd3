import { HoverCard as HoverCardPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { HOVER_CARD_CLOSE_MS, HOVER_CARD_OPEN_MS } from '@/config/constants';
import { cn } from '@/lib/cn';

export function HoverCard(props: ComponentProps<typeof HoverCardPrimitive.Root>) {
  return <HoverCardPrimitive.Root openDelay={HOVER_CARD_OPEN_MS} closeDelay={HOVER_CARD_CLOSE_MS} {...props} />;
}

export const HoverCardTrigger = HoverCardPrimitive.Trigger;

export function HoverCardContent({
  className,
  sideOffset = 6,
  ...props
}: ComponentProps<typeof HoverCardPrimitive.Content>) {
  return (
    <HoverCardPrimitive.Portal>
      <HoverCardPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 w-72 rounded-lg border border-border bg-popover p-4 text-sm text-popover-foreground shadow-lg',
          className,
        )}
        {...props}
      />
    </HoverCardPrimitive.Portal>
  );
}
