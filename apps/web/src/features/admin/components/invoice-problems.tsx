import type { InvoiceProblemsDto } from '@substytut/shared';
import { CircleAlert, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useAdminRetryInvoice, useInvoiceProblems } from '../api/invoice-problems';
import { dateTime, shownEmail } from '../lib/format';
import { DateTime } from './date-time';
import { LoadFailed } from './load-failed';

function Retry({ target }: { target: { failure: number } | { invoice: number } }) {
  const { t } = useTranslation('admin');
  const retry = useAdminRetryInvoice();
  return (
    <Button
      variant="outline"
      size="xs"
      className="self-start"
      loading={retry.isPending}
      onClick={() =>
        retry.mutate(target, {
          onSuccess: () => toast.success(t('invoiceProblems.retried')),
          onError: (error) => toast.error(errorMessage(error, t)),
        })
      }
    >
      {!retry.isPending && <RotateCw aria-hidden="true" />}
      {t('invoiceProblems.retry')}
    </Button>
  );
}

function FailureItem({ item }: { item: InvoiceProblemsDto['failures'][number] }) {
  const { t } = useTranslation('admin');
  const kind = t(`invoices.kind.${item.issuer === 'platform' ? 'platform' : item.kind}`, { ns: 'offers' });
  return (
    <li className="flex flex-col gap-1.5 rounded-lg border border-destructive/40 bg-destructive/5 p-3">
      <p className="flex items-start gap-1.5 font-medium text-destructive">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('invoices.failure.title', { ns: 'offers', kind })}
      </p>
      <p className="text-sm">{t(`invoices.failure.reason.${item.reason}`, { ns: 'offers' })}</p>
      <p className="text-xs text-muted-foreground">
        {t('invoiceProblems.offer', { id: item.offer_id })} ·{' '}
        {shownEmail(item.lawyer_email, t('deletedAccount'))} ·{' '}
        {t('invoiceProblems.attempts', { count: item.attempts })} ·{' '}
        <DateTime value={dateTime(item.updated_at)} />
      </p>
      {item.details.length > 0 && (
        <ul className="text-xs break-words text-muted-foreground">
          {item.details.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
      <Retry target={{ failure: item.id }} />
    </li>
  );
}

function KsefItem({ item }: { item: InvoiceProblemsDto['ksef'][number] }) {
  const { t } = useTranslation('admin');
  const refused = item.ksef_status === 'rejected';
  return (
    <li
      className={
        refused
          ? 'flex flex-col gap-1.5 rounded-lg border border-destructive/40 bg-destructive/5 p-3'
          : 'flex flex-col gap-1.5 rounded-lg border border-border p-3'
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium tabular-nums">{item.number}</span>
        <Badge variant={refused ? 'destructive' : 'secondary'}>
          {t(`invoices.status.${item.ksef_status}`, { ns: 'offers' })}
        </Badge>
        {item.ksef_error_code !== null && (
          <span className="text-xs font-medium text-destructive">
            {t('invoices.ksefCode', { ns: 'offers', code: item.ksef_error_code })}
          </span>
        )}
      </div>
      {item.last_error && <p className="text-sm break-words">{item.last_error}</p>}
      <p className="text-xs text-muted-foreground">
        {t('invoiceProblems.offer', { id: item.offer_id })} ·{' '}
        {item.issuer === 'platform'
          ? t('invoiceProblems.platform')
          : shownEmail(item.lawyer_email, t('deletedAccount'))}{' '}
        · {t('invoiceProblems.attempts', { count: item.attempts })}
        {item.next_attempt_at && (
          <>
            {' '}
            · {t('invoiceProblems.next')} <DateTime value={dateTime(item.next_attempt_at)} />
          </>
        )}
      </p>
      <Retry target={{ invoice: item.invoice_id }} />
    </li>
  );
}

/** /admin: invoices that could not be made, and the KSeF backlog with its refusals (issue 30). */
export function InvoiceProblems() {
  const { t } = useTranslation('admin');
  const query = useInvoiceProblems();
  const failures = query.data?.failures ?? [];
  const ksef = query.data?.ksef ?? [];
  return (
    <section aria-labelledby="invoice-problems-heading" className="flex min-w-0 flex-col gap-4">
      <h2 id="invoice-problems-heading" className="text-2xl font-bold tracking-tight">
        {t('invoiceProblems.heading')}
      </h2>
      {query.isPending && <Loading className="py-6" />}
      {query.isError && <LoadFailed onRetry={() => void query.refetch()} />}
      {query.isSuccess && failures.length === 0 && ksef.length === 0 && (
        <p className="text-muted-foreground">{t('invoiceProblems.none')}</p>
      )}
      {failures.length > 0 && (
        <ul aria-label={t('invoiceProblems.failures')} className="grid gap-3 lg:grid-cols-2">
          {failures.map((item) => (
            <FailureItem key={item.id} item={item} />
          ))}
        </ul>
      )}
      {ksef.length > 0 && (
        <ul aria-label={t('invoiceProblems.ksef')} className="grid gap-3 lg:grid-cols-2">
          {ksef.map((item) => (
            <KsefItem key={item.invoice_id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
