import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The frame of one dashboard tab: its heading and a readable column. */
export function DashboardPage({
  title,
  description,
  className,
  width = '4xl',
  children,
}: {
  title: string;
  description?: string;
  className?: string;
  /** The page's widest: a form reads better narrower than a list. */
  width?: '3xl' | '4xl';
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'mx-auto flex w-full flex-col gap-6 px-4 py-6 sm:px-6 md:py-8',
        width === '3xl' ? 'max-w-3xl' : 'max-w-4xl',
        className,
      )}
    >
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description && <p className="text-muted-foreground">{description}</p>}
      </header>
      {children}
    </div>
  );
}
