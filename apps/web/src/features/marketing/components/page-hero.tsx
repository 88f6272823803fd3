import type { ReactNode } from 'react';

interface PageHeroProps {
  eyebrow: string;
  title: string;
  lead: string;
  children?: ReactNode;
}

/** The top of every marketing page: the page's one h1 and its lead. */
export function PageHero({ eyebrow, title, lead, children }: PageHeroProps) {
  return (
    <section
      aria-labelledby="page-title"
      className="border-b border-border bg-linear-to-b from-hero-from to-hero-to"
    >
      <div className="mx-auto flex max-w-(--container-page) flex-col items-start gap-5 px-4 py-14 sm:px-6 sm:py-20">
        <p className="text-sm font-semibold tracking-wide text-accent-text uppercase">{eyebrow}</p>
        <h1 id="page-title" className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          {title}
        </h1>
        <p className="max-w-2xl text-lg text-pretty text-muted-foreground">{lead}</p>
        {children && <div className="mt-2 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">{children}</div>}
      </div>
    </section>
  );
}

interface SectionProps {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
  /** A band with the card colour, to separate it from its neighbours. */
  band?: boolean;
  centered?: boolean;
}

export function Section({ id, title, lead, children, band = false, centered = true }: SectionProps) {
  const inner = (
    <div className="mx-auto w-full max-w-(--container-page) px-4 py-16 sm:px-6 sm:py-20">
      <div className={centered ? 'mx-auto mb-10 max-w-2xl text-center' : 'mb-10 max-w-2xl'}>
        <h2 id={id} className="text-3xl font-bold tracking-tight text-balance">
          {title}
        </h2>
        {lead && <p className="mt-4 text-muted-foreground">{lead}</p>}
      </div>
      {children}
    </div>
  );
  return band ? (
    <section aria-labelledby={id} className="border-y border-border bg-card">
      {inner}
    </section>
  ) : (
    <section aria-labelledby={id}>{inner}</section>
  );
}
