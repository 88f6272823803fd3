import { formatHearingTime, type Locale } from '@substytut/shared';
import { EyeOff, Search } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminBoard, type AdminBoardRequest } from '../api/board';
import { dateTime, money, shownEmail } from '../lib/format';
import { BoardHideDialog } from './board-hide-dialog';
import { BoardStats } from './board-stats';
import { DateTime } from './date-time';
import { LoadFailed } from './load-failed';
import { TableRegion } from './table-region';

const STATE_BADGE = {
  open: 'success',
  assigned: 'warning',
  paid: 'default',
  expired: 'outline',
  cancelled: 'outline',
  hidden: 'destructive',
} as const;

/** The states an administrator may hide from (the board's state machine: open or assigned). */
const HIDEABLE: ReadonlySet<AdminBoardRequest['state']> = new Set(['open', 'assigned']);

function StateBadge({ state }: { state: AdminBoardRequest['state'] }) {
  const { t } = useTranslation('admin');
  return <Badge variant={STATE_BADGE[state]}>{t(`board.states.${state}`)}</Badge>;
}

function Fee({ request, locale }: { request: AdminBoardRequest; locale: Locale }) {
  const { t } = useTranslation('admin');
  return <>{request.fee_net === null ? t('board.askForQuotes') : money(request.fee_net, locale)}</>;
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Part({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {empty === null ? children : <p className="text-sm text-muted-foreground">{empty}</p>}
    </section>
  );
}

/** Everything on one request: what was asked, the answers, who saw the parties, the reports. */
function BoardDetail({
  request,
  locale,
  onHide,
  onClose,
}: {
  request: AdminBoardRequest;
  locale: Locale;
  onHide: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const descriptionId = useId();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent aria-describedby={descriptionId} height="90dvh" className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{request.court_name}</DialogTitle>
          <DialogDescription id={descriptionId}>
            {formatHearingTime(request.starts_at, locale)} · {t(`board.caseTypes.${request.case_type}`)}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-5">
          <Facts
            items={[
              [t('board.state'), <StateBadge key="s" state={request.state} />],
              [t('board.division'), request.division ?? '—'],
              [t('board.mode'), tc(`hearing.modes.${request.mode}`)],
              [t('board.fee'), <Fee key="f" request={request} locale={locale} />],
              [t('board.deadline'), <DateTime key="d" value={dateTime(request.answer_deadline)} />],
              [t('board.caseNumber'), request.case_number ?? '—'],
              [
                t('board.parties'),
                request.parties?.length
                  ? request.parties.map((p) => `${p.name} (${p.role})`).join('; ')
                  : '—',
              ],
              [
                t('board.poster'),
                `${request.poster.name} · ${shownEmail(request.poster_email, t('deletedAccount'))}`,
              ],
              [
                t('board.task'),
                <span key="t" className="whitespace-pre-line">
                  {request.task}
                </span>,
              ],
              ...(request.hidden_reason
                ? ([[t('board.hiddenReason'), request.hidden_reason]] as [string, ReactNode][])
                : []),
            ]}
          />
          <Part
            title={t('board.answersTitle', { count: request.responses.length })}
            empty={request.responses.length ? null : t('board.noAnswers')}
          >
            <ol className="flex flex-col gap-2">
              {request.responses.map((response) => (
                <li
                  key={response.id}
                  className="flex flex-col gap-1 rounded-lg border border-border p-3 text-sm"
                >
                  <span className="font-medium">{response.substitute.name}</span>
                  <span>
                    {response.price_net === null ? t('board.acceptsFee') : money(response.price_net, locale)}{' '}
                    · <DateTime value={dateTime(response.created_at)} />
                  </span>
                  {response.message && (
                    <span className="break-words text-muted-foreground">{response.message}</span>
                  )}
                </li>
              ))}
            </ol>
          </Part>
          <Part
            title={t('board.viewsTitle', { count: request.views.length })}
            empty={request.views.length ? null : t('board.noViews')}
          >
            <ul className="flex flex-col gap-1 text-sm">
              {request.views.map((view) => (
                <li key={`${view.substitute.profile_id}-${view.viewed_at}`}>
                  {view.substitute.name} · <DateTime value={dateTime(view.viewed_at)} /> ·{' '}
                  {view.confirmed_at ? (
                    <>
                      {t('board.confirmedAt')} <DateTime value={dateTime(view.confirmed_at)} />
                    </>
                  ) : (
                    t('board.notConfirmed')
                  )}
                </li>
              ))}
            </ul>
          </Part>
          <Part
            title={t('board.reportsTitle', { count: request.reports.length })}
            empty={request.reports.length ? null : t('board.noReports')}
          >
            <ul className="flex flex-col gap-2 text-sm">
              {request.reports.map((report, index) => (
                <li
                  key={`${report.created_at}-${index}`}
                  className="rounded-lg border border-destructive/40 p-3"
                >
                  <span className="block text-muted-foreground">
                    <DateTime value={dateTime(report.created_at)} />
                    {report.response_id
                      ? ` · ${t('board.reportOfAnswer')}`
                      : ` · ${t('board.reportOfRequest')}`}
                  </span>
                  <span className="break-words">{report.reason}</span>
                </li>
              ))}
            </ul>
          </Part>
          {HIDEABLE.has(request.state) && (
            <Button variant="destructive" className="self-start" onClick={onHide}>
              <EyeOff aria-hidden="true" />
              {t('board.hide')}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function RequestsTable({
  items,
  onDetail,
  onHide,
}: {
  items: AdminBoardRequest[];
  onDetail: (id: string) => void;
  onHide: (id: string) => void;
}) {
  const { t } = useTranslation('admin');
  const cell = 'px-2 py-2 align-top';
  const numeric = `${cell} text-right tabular-nums`;
  return (
    <TableRegion caption={t('board.listTitle')}>
      <thead className="bg-muted/60 text-left">
        <tr>
          <th scope="col" className="px-2 py-2 font-semibold">
            {t('board.state')}
          </th>
          <th scope="col" className="px-2 py-2 font-semibold">
            {t('board.court')}
          </th>
          <th scope="col" className="px-2 py-2 font-semibold">
            {t('board.hearing')}
          </th>
          <th scope="col" className="px-2 py-2 font-semibold">
            {t('board.poster')}
          </th>
          <th scope="col" className="px-2 py-2 text-right font-semibold">
            {t('board.answers')}
          </th>
          <th scope="col" className="px-2 py-2 text-right font-semibold">
            {t('board.views')}
          </th>
          <th scope="col" className="px-2 py-2 text-right font-semibold">
            {t('board.reports')}
          </th>
          <th scope="col" className="px-2 py-2 font-semibold">
            <span className="sr-only">{t('board.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((request) => (
          <tr key={request.id} className="border-t border-border hover:bg-muted/40">
            <td className={cell}>
              <div className="flex flex-col items-start gap-1">
                <StateBadge state={request.state} />
                {request.urgent && <Badge variant="warning">{t('board.urgent')}</Badge>}
              </div>
            </td>
            <td className={`${cell} min-w-40`}>
              <span className="block">{request.court_name}</span>
              <span className="text-xs text-muted-foreground">
                {t(`board.caseTypes.${request.case_type}`)}
              </span>
            </td>
            <td className={cell}>
              <DateTime value={dateTime(request.starts_at)} />
            </td>
            <td className={`${cell} min-w-32`}>
              <span className="block">{request.poster.name}</span>
              <span className="text-xs break-all text-muted-foreground">
                {shownEmail(request.poster_email, t('deletedAccount'))}
              </span>
            </td>
            <td className={numeric}>{request.responses.length}</td>
            <td className={numeric}>{request.views.length}</td>
            <td className={numeric}>
              {request.reports.length > 0 ? <Badge variant="destructive">{request.reports.length}</Badge> : 0}
            </td>
            <td className={cell}>
              <div className="flex flex-col gap-1.5 xl:flex-row">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onDetail(request.id)}
                  aria-label={t('board.detailLabel', {
                    court: request.court_name,
                    when: dateTime(request.starts_at),
                  })}
                >
                  <Search aria-hidden="true" />
                  {t('board.detail')}
                </Button>
                {HIDEABLE.has(request.state) && (
                  <Button
                    size="sm"
                    variant="destructive"
                    onClick={() => onHide(request.id)}
                    aria-label={t('board.hideLabel', {
                      court: request.court_name,
                      when: dateTime(request.starts_at),
                    })}
                  >
                    <EyeOff aria-hidden="true" />
                    {t('board.hide')}
                  </Button>
                )}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </TableRegion>
  );
}

/** /admin's board section (issue 32): the weekly numbers, then every request, newest first. */
export function BoardAdmin({ locale }: { locale: Locale }) {
  const { t } = useTranslation('admin');
  const query = useAdminBoard();
  const [detailId, setDetailId] = useState<string | null>(null);
  const [hideId, setHideId] = useState<string | null>(null);
  const headingId = 'board-admin-heading';
  const find = (id: string | null) => (id ? query.data?.find((item) => item.id === id) : undefined);
  const detail = find(detailId);
  const hiding = find(hideId);

  let body;
  if (query.isPending)
    body = (
      <div aria-busy="true">
        <span className="sr-only">{t('board.loading')}</span>
        <Skeleton className="h-40 w-full" />
      </div>
    );
  else if (query.isError) body = <LoadFailed onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0) body = <p className="text-muted-foreground">{t('board.empty')}</p>;
  else body = <RequestsTable items={query.data} onDetail={setDetailId} onHide={setHideId} />;

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight">
        {t('board.heading')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('board.intro')}</p>
      <BoardStats locale={locale} />
      <div className="flex flex-col gap-2">
        <h3 className="text-lg font-semibold">{t('board.listTitle')}</h3>
        {body}
      </div>
      {detail && (
        <BoardDetail
          request={detail}
          locale={locale}
          onClose={() => setDetailId(null)}
          onHide={() => {
            setDetailId(null);
            setHideId(detail.id);
          }}
        />
      )}
      {hiding && <BoardHideDialog request={hiding} onClose={() => setHideId(null)} />}
    </section>
  );
}
