import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The frame of one dashboard tab: its heading and a readable column. */
export function DashboardPage({
  title,
  description,
  className,
  children,
}: {
  title: string;
  description?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:px-6 md:py-8', className)}>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description && <p className="text-muted-foreground">{description}</p>}
      </header>
      {children}
    </div>
  );
}
