import { formatDate, type Locale } from '@substytut/shared';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminBoardStats } from '../api/board';
import { count } from '../lib/format';
import { LoadFailed } from './load-failed';
import { TableRegion } from './table-region';

/** The weekly numbers (Monday, Warsaw): posted, answered within 15 minutes, assigned, paid, median. */
export function BoardStats({ locale }: { locale: Locale }) {
  const { t } = useTranslation('admin');
  const query = useAdminBoardStats();
  const number = (n: number) => count(n, locale);
  const share = (part: number, whole: number) =>
    whole === 0
      ? ''
      : ` (${new Intl.NumberFormat(locale === 'pl' ? 'pl-PL' : 'en-GB', { style: 'percent' }).format(part / whole)})`;

  let body;
  if (query.isPending) body = <Skeleton className="h-32 w-full" />;
  else if (query.isError) body = <LoadFailed onRetry={() => void query.refetch()} />;
  else if (query.data.weeks.length === 0)
    body = <p className="text-muted-foreground">{t('board.statsEmpty')}</p>;
  else
    body = (
      <TableRegion caption={t('board.statsTitle')}>
        <thead className="bg-muted/60 text-left">
          <tr>
            <th scope="col" className="px-2 py-2 font-semibold">
              {t('board.week')}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              {t('board.posted')}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              {t('board.answered15')}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              {t('board.assigned')}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              {t('board.paid')}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              {t('board.median')}
            </th>
          </tr>
        </thead>
        <tbody>
          {query.data.weeks.map((week) => (
            <tr key={week.week_start} className="border-t border-border">
              <th scope="row" className="px-2 py-2 text-left font-normal whitespace-nowrap tabular-nums">
                {formatDate(week.week_start.slice(0, 10))}
              </th>
              <td className="px-2 py-2 text-right tabular-nums">{number(week.posted)}</td>
              <td className="px-2 py-2 text-right tabular-nums">
                {number(week.answered_within_15_min)}
                <span className="text-muted-foreground">
                  {share(week.answered_within_15_min, week.posted)}
                </span>
              </td>
              <td className="px-2 py-2 text-right tabular-nums">{number(week.assigned)}</td>
              <td className="px-2 py-2 text-right tabular-nums">{number(week.paid)}</td>
              <td className="px-2 py-2 text-right tabular-nums">
                {week.median_first_answer_minutes === null
                  ? '—'
                  : t('board.minutes', {
                      value: new Intl.NumberFormat(locale === 'pl' ? 'pl-PL' : 'en-GB', {
                        maximumFractionDigits: 1,
                      }).format(week.median_first_answer_minutes),
                    })}
              </td>
            </tr>
          ))}
        </tbody>
      </TableRegion>
    );

  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-lg font-semibold">{t('board.statsTitle')}</h3>
      <p className="text-sm text-muted-foreground">{t('board.statsIntro')}</p>
      {body}
    </div>
  );
}
