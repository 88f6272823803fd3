import type { LucideIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

const TONES = {
  default: 'bg-secondary text-secondary-foreground',
  success: 'bg-success/15 text-success',
  warning: 'bg-warning text-warning-foreground',
  error: 'bg-destructive/15 text-destructive',
} as const;

interface ResultCardProps {
  icon: LucideIcon;
  tone: keyof typeof TONES;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** take the reader to the heading (focus and scroll), e.g. after a form lower on the page was sent */
  focusTitle?: boolean;
}

/** One centred card with the page's <h1>: the pages a client lands on after paying or confirming. */
export function ResultCard({ icon: Icon, tone, title, children, actions, focusTitle }: ResultCardProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusTitle || !heading.current) return;
    heading.current.focus();
    heading.current.scrollIntoView?.({ block: 'center' });
  }, [focusTitle]);
  return (
    <section className="flex flex-1 items-start justify-center bg-linear-to-b from-hero-from to-hero-to px-4 py-10 sm:items-center sm:py-16">
      <Card className="flex w-full max-w-lg flex-col items-center gap-6 p-6 text-center sm:p-8">
        <span className={cn('flex size-16 items-center justify-center rounded-2xl', TONES[tone])}>
          <Icon aria-hidden="true" className="size-8" />
        </span>
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-balance focus:outline-none"
        >
          {title}
        </h1>
        {children && <div className="flex flex-col gap-3 text-muted-foreground">{children}</div>}
        {actions && <div className="flex w-full flex-col gap-3 sm:flex-row sm:justify-center">{actions}</div>}
      </Card>
    </section>
  );
}
