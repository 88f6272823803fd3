import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export type Step = 1 | 2;

/** The two steps of the page; the current one is marked with aria-current="step". */
export function StepIndicator({ step }: { step: Step }) {
  const { t } = useTranslation('public-profile');
  const steps = [
    { number: 1, label: t('steps.profile') },
    { number: 2, label: t('steps.invoice') },
  ] as const;
  return (
    <nav aria-label={t('steps.label')}>
      <ol className="flex items-center gap-2 sm:gap-3">
        {steps.map(({ number, label }, index) => {
          const current = number === step;
          const done = number < step;
          return (
            <li
              key={number}
              aria-current={current ? 'step' : undefined}
              className="flex min-w-0 flex-1 items-center gap-2 sm:flex-none sm:gap-3"
            >
              {index > 0 && <span aria-hidden="true" className="hidden h-px w-8 bg-border sm:block" />}
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-semibold',
                  current
                    ? 'border-primary bg-primary text-primary-foreground'
                    : done
                      ? 'border-primary text-primary'
                      : 'border-border text-muted-foreground',
                )}
              >
                {done ? <Check className="size-4" strokeWidth={3} /> : number}
              </span>
              <span
                className={cn('text-sm leading-tight', current ? 'font-semibold' : 'text-muted-foreground')}
              >
                <span className="sr-only">{t('steps.number', { number })}: </span>
                {label}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
