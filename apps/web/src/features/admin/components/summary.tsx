import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSummary } from '@substytut/shared/admin-api';
import { formatDate, formatPln, OFFER_STATUSES, OFFER_STATUS_LABELS, type Locale } from '@substytut/shared';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useAdminSummary } from '../api/get-admin-summary';
import { count } from '../lib/format';
import { LoadFailed } from './load-failed';

// The chart library is the heaviest part of the admin page: its own chunk, loaded after the tiles.
const PaidVolumeChart = lazy(() => import('./paid-volume-chart'));

function Tile({ label, value, tone }: { label: string; value: string; tone: 'active' | 'other' | 'total' }) {
  return (
    <li className="flex flex-col gap-1 rounded-lg border border-border bg-card p-3 shadow-xs">
      <span className="flex min-w-0 items-center gap-1.5 text-xs font-medium break-words text-muted-foreground">
        <span
          aria-hidden="true"
          className={cn(
            'size-2 shrink-0 rounded-full',
            tone === 'active' ? 'bg-success' : tone === 'other' ? 'bg-destructive' : 'bg-foreground/40',
          )}
        />
        {label}
      </span>
      <span className="text-2xl font-bold tabular-nums">{value}</span>
    </li>
  );
}

function TileGroup({
  heading,
  columns,
  children,
}: {
  heading: string;
  columns: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <h3 id={id} className="text-sm font-semibold">
        {heading}
      </h3>
      <ul aria-labelledby={id} className={cn('grid gap-2', columns)}>
        {children}
      </ul>
    </div>
  );
}

function sum(values: Record<string, number>): number {
  return Object.values(values).reduce((a, b) => a + b, 0);
}

/** Counts per status as tiles and the paid volume of the last 12 weeks as a chart (with its table). */
export function Summary({ locale }: { locale: Locale }) {
  const { t } = useTranslation('admin');
  const summary = useAdminSummary();
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <h2 id={headingId} className="sr-only">
        {t('summary.heading')}
      </h2>
      {summary.isError ? (
        <LoadFailed onRetry={() => void summary.refetch()} />
      ) : summary.data ? (
        <>
          <div className="grid gap-5 lg:grid-cols-[2fr_3fr]">
            <TileGroup heading={t('summary.profiles')} columns="grid-cols-3">
              <Tile
                label={t('status.active')}
                value={count(summary.data.profiles.active, locale)}
                tone="active"
              />
              <Tile
                label={t('status.inactive')}
                value={count(summary.data.profiles.inactive, locale)}
                tone="other"
              />
              <Tile
                label={t('summary.total')}
                value={count(sum(summary.data.profiles), locale)}
                tone="total"
              />
            </TileGroup>
            <TileGroup heading={t('summary.offers')} columns="grid-cols-2 sm:grid-cols-4">
              {OFFER_STATUSES.map((status) => (
                <Tile
                  key={status}
                  label={OFFER_STATUS_LABELS[locale][status]}
                  value={count(summary.data.offers[status], locale)}
                  tone={status === 'active' ? 'active' : 'other'}
                />
              ))}
              <Tile label={t('summary.total')} value={count(sum(summary.data.offers), locale)} tone="total" />
            </TileGroup>
          </div>
          <PaidVolume summary={summary.data} locale={locale} />
        </>
      ) : (
        <div aria-busy="true" className="flex flex-col gap-3">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      )}
    </section>
  );
}

function PaidVolume({ summary, locale }: { summary: AdminSummary; locale: Locale }) {
  const { t } = useTranslation('admin');
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const tableId = useId();
  const total = summary.paidVolume.reduce((acc, week) => acc + week.grossGrosze, 0);
  const payments = summary.paidVolume.reduce((acc, week) => acc + week.payments, 0);

  return (
    <figure
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-xs"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          {t('summary.volumeHeading')}
        </h3>
        <p className="text-sm text-muted-foreground">
          {t('summary.volumeTotal', { amount: formatPln(total, locale), count: payments })}
        </p>
      </div>
      <Suspense fallback={<Skeleton className="h-56 w-full" aria-label={t('summary.chartLoading')} />}>
        <PaidVolumeChart weeks={summary.paidVolume} locale={locale} label={t('summary.volumeChartLabel')} />
      </Suspense>
      <div>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? t('summary.hideTable') : t('summary.showTable')}
        </Button>
      </div>
      <div id={tableId} hidden={!showTable} className="overflow-x-auto">
        <table className="w-full max-w-xl border-collapse text-sm">
          <caption className="sr-only">{t('summary.tableCaption')}</caption>
          <thead className="text-left">
            <tr>
              <th scope="col" className="px-2 py-1.5 font-semibold">
                {t('summary.week')}
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-semibold">
                {t('summary.amount')}
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-semibold">
                {t('summary.payments')}
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.paidVolume.map((week) => (
              <tr key={week.weekStart} className="border-t border-border">
                <th scope="row" className="px-2 py-1.5 text-left font-normal tabular-nums">
                  {formatDate(week.weekStart)}
                </th>
                <td className="px-2 py-1.5 text-right tabular-nums">{formatPln(week.grossGrosze, locale)}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{count(week.payments, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
