import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A list with nothing in it, saying why and what to do. */
export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-border bg-card p-6">
      <Icon aria-hidden="true" className="size-8 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}
