import type { ReactNode } from 'react';

/** The closing call to action of a page; its buttons come as children. */
export function CtaBanner({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="mx-auto w-full max-w-(--container-page) px-4 py-16 sm:px-6 sm:py-20"
    >
      <div className="relative overflow-hidden rounded-2xl bg-primary px-6 py-12 text-primary-foreground shadow-xl sm:px-12 dark:bg-secondary dark:text-secondary-foreground dark:ring-1 dark:ring-border">
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-24 size-72 rounded-full bg-accent/15 blur-3xl"
        />
        <div className="relative flex flex-col items-start gap-6 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-xl">
            <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
              {title}
            </h2>
            <p className="mt-3 opacity-90">{description}</p>
          </div>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">{children}</div>
        </div>
      </div>
    </section>
  );
}
