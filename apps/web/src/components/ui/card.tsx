import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

// What callers change on a card is a prop (decision 075): a className only places the card or lays
// out its content (`cn` joins, it does not merge). Plain props, not `cva`: fewer bytes on `/`.
const TONES = {
  default: 'border-border',
  primary: 'border-primary/30',
  destructive: 'border-destructive/40',
};

export function Card({
  className,
  tone = 'default',
  surface = 'solid',
  shadow = 'sm',
  ...props
}: ComponentProps<'div'> & {
  tone?: keyof typeof TONES;
  /** `translucent`: over the page's background picture. */
  surface?: 'solid' | 'translucent';
  shadow?: 'sm' | 'xl';
}) {
  return (
    <div
      className={cn(
        'rounded-xl border text-card-foreground',
        TONES[tone],
        surface === 'translucent' ? 'bg-card/95 backdrop-blur-sm' : 'bg-card',
        shadow === 'xl' ? 'shadow-xl' : 'shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

const HEADER_LAYOUTS = {
  stack: 'flex-col gap-1.5',
  'stack-loose': 'flex-col gap-3',
  row: 'flex-row flex-wrap items-center gap-x-3 gap-y-2',
};

export function CardHeader({
  className,
  layout = 'stack',
  ...props
}: ComponentProps<'div'> & { layout?: keyof typeof HEADER_LAYOUTS }) {
  return <div className={cn('flex p-6', HEADER_LAYOUTS[layout], className)} {...props} />;
}

/** `as` keeps the page's heading order where a card sits right under the page's h1. */
export function CardTitle({
  className,
  as: Heading = 'h3',
  ...props
}: ComponentProps<'h3'> & { as?: 'h2' | 'h3' }) {
  return (
    <Heading className={cn('text-lg leading-tight font-semibold tracking-tight', className)} {...props} />
  );
}

export function CardDescription({
  className,
  size = 'sm',
  ...props
}: ComponentProps<'p'> & { size?: 'sm' | 'base' }) {
  return (
    <p
      className={cn('text-muted-foreground', size === 'base' ? 'text-base' : 'text-sm', className)}
      {...props}
    />
  );
}

/** `padding="all"`: the card's only part (no header above it). */
export function CardContent({
  className,
  padding = 'after-header',
  ...props
}: ComponentProps<'div'> & { padding?: 'after-header' | 'all' }) {
  return <div className={cn('p-6', padding === 'all' ? '' : 'pt-0', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex items-center gap-3 p-6 pt-0', className)} {...props} />;
}
