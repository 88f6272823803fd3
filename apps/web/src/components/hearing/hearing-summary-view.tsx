import type { HearingDto } from '@substytut/shared';
import { CalendarClock, Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/**
 * Court, date and hour of an offer's hearing on its cards; the case number and the party too when
 * the API sent them (the lawyer's own offers). Nothing when the offer has no hearing. `when` is
 * the hearing's day and hour as worded for the page's language ('30.03.2026, godz. 09:30'):
 * `HearingSummary` words it itself, the public page's loader on the server (decision 071).
 */
export function HearingSummaryView({
  hearing,
  when,
  className,
}: {
  hearing: HearingDto | null;
  when: string;
  className?: string;
}) {
  const { t } = useTranslation('common');
  if (!hearing || (!hearing.court_name && !hearing.starts_at && !hearing.case_number)) return null;
  return (
    <dl className={cn('flex flex-col gap-1 text-sm', className)}>
      {hearing.court_name && (
        <div className="flex items-start gap-1.5">
          <dt>
            <Landmark aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" />
            <span className="sr-only">{t('hearing.court')}</span>
          </dt>
          <dd className="min-w-0">
            {hearing.court_name}
            {hearing.division && <span className="text-muted-foreground">, {hearing.division}</span>}
          </dd>
        </div>
      )}
      {hearing.starts_at && (
        <div className="flex items-start gap-1.5">
          <dt>
            <CalendarClock aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" />
            <span className="sr-only">{t('hearing.when')}</span>
          </dt>
          <dd className="tabular-nums">
            {when}
            {hearing.mode && (
              <span className="text-muted-foreground"> · {t(`hearing.modes.${hearing.mode}`)}</span>
            )}
          </dd>
        </div>
      )}
      {hearing.case_number && (
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">{t('hearing.caseNumber')}:</dt>
          <dd>{hearing.case_number}</dd>
        </div>
      )}
      {hearing.party && (
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">{t('hearing.party')}:</dt>
          <dd>{hearing.party}</dd>
        </div>
      )}
    </dl>
  );
}
