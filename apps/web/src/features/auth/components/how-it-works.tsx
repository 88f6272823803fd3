import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

const STEPS = [
  { title: 'howItWorks.step1.title', description: 'howItWorks.step1.description' },
  { title: 'howItWorks.step2.title', description: 'howItWorks.step2.description' },
  { title: 'howItWorks.step3.title', description: 'howItWorks.step3.description' },
] as const;

/** Three numbered steps; folded behind a toggle below the md breakpoint, always open above it. */
export function HowItWorks({ className }: { className?: string }) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const headingId = useId();

  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-xl border border-border bg-card p-5 shadow-sm sm:p-6', className)}
    >
      <h2
        id={headingId}
        className="flex items-center justify-between gap-3 text-lg font-semibold tracking-tight"
      >
        <span className="hidden md:inline">{t('howItWorks.title')}</span>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((v) => !v)}
          className="-m-2 flex w-full items-center justify-between gap-3 rounded-md p-2 text-left focus-visible:outline-2 focus-visible:outline-ring md:hidden"
        >
          {t('howItWorks.title')}
          <ChevronDown
            aria-hidden="true"
            className={cn('size-5 shrink-0 transition-transform', open && 'rotate-180')}
          />
        </button>
      </h2>
      <ol id={listId} className={cn('mt-5 flex-col gap-5', open ? 'flex' : 'hidden', 'md:flex')}>
        {STEPS.map((step, index) => (
          <li key={step.title} className="flex gap-4">
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
            >
              {index + 1}
            </span>
            <div className="flex flex-col gap-1">
              <h3 className="font-semibold">
                <span className="sr-only">{index + 1}. </span>
                {t(step.title)}
              </h3>
              <p className="text-sm text-muted-foreground">{t(step.description)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
