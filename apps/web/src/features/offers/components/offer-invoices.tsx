import { formatPln, type InvoiceDto, type InvoiceFailureDto, type KsefStatus } from '@substytut/shared';
import { CircleAlert, FileCode2, FileText, Receipt, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api-error';
import { downloadInvoice, useRetryInvoice } from '../api/invoices';
import { formatOfferPrice, groszeOf, useLanguage } from '../lib/offer-view';

const KIND_KEYS = {
  ZAL: 'invoices.kind.ZAL',
  ROZ: 'invoices.kind.ROZ',
  KOR: 'invoices.kind.KOR',
  VAT: 'invoices.kind.VAT',
  platform: 'invoices.kind.platform',
} as const;

const STATUS_KEYS: Record<KsefStatus, string> = {
  prepared: 'invoices.status.prepared',
  queued: 'invoices.status.queued',
  sent: 'invoices.status.sent',
  accepted: 'invoices.status.accepted',
  rejected: 'invoices.status.rejected',
};

const STATUS_BADGE: Record<KsefStatus, 'secondary' | 'accent' | 'success' | 'destructive' | 'outline'> = {
  prepared: 'outline',
  queued: 'secondary',
  sent: 'accent',
  accepted: 'success',
  rejected: 'destructive',
};

/** A correction's amounts are negative ('-61.50'); formatPln takes them, the decimal parser does not. */
function signedAmount(decimal: string, language: ReturnType<typeof useLanguage>): string {
  return decimal.startsWith('-')
    ? formatPln(-groszeOf(decimal.slice(1)), language)
    : formatOfferPrice(decimal, language);
}

function InvoiceRow({ invoice }: { invoice: InvoiceDto }) {
  const { t } = useTranslation('offers');
  const language = useLanguage();
  const [busy, setBusy] = useState<'xml' | 'pdf' | null>(null);
  const kindLabel = t(KIND_KEYS[invoice.issuer === 'platform' ? 'platform' : invoice.kind]);

  const download = async (format: 'xml' | 'pdf') => {
    setBusy(format);
    try {
      await downloadInvoice(invoice, format);
    } catch (error) {
      console.error('invoice download failed', error);
      toast.error(t('invoices.downloadFailed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <li className="flex flex-col gap-1.5 rounded-lg border border-border bg-background/60 p-2.5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-sm">
          <span className="text-muted-foreground">{kindLabel}</span>{' '}
          <span className="font-medium tabular-nums">{invoice.number}</span>
        </p>
        <span className="text-sm font-medium tabular-nums">{signedAmount(invoice.gross, language)}</span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={STATUS_BADGE[invoice.ksef_status]}>{t(STATUS_KEYS[invoice.ksef_status])}</Badge>
        {invoice.ksef_number && (
          <span className="text-xs break-all text-muted-foreground">
            {t('invoices.ksefNumber')}: <span className="tabular-nums">{invoice.ksef_number}</span>
          </span>
        )}
      </div>
      {invoice.ksef_status === 'rejected' && <KsefRefusal invoice={invoice} />}
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="xs"
          loading={busy === 'pdf'}
          onClick={() => void download('pdf')}
          aria-label={t('invoices.downloadPdf', { number: invoice.number })}
        >
          {busy !== 'pdf' && <FileText aria-hidden="true" />}
          PDF
        </Button>
        <Button
          variant="outline"
          size="xs"
          loading={busy === 'xml'}
          onClick={() => void download('xml')}
          aria-label={t('invoices.downloadXml', { number: invoice.number })}
        >
          {busy !== 'xml' && <FileCode2 aria-hidden="true" />}
          XML
        </Button>
      </div>
    </li>
  );
}

/** "Try again" for a failure or a refused invoice; the lists are read again afterwards. */
function RetryButton({
  target,
  label,
}: {
  target: { failure: number } | { invoice: number };
  label: string;
}) {
  const { t } = useTranslation('offers');
  const retry = useRetryInvoice();
  return (
    <Button
      variant="outline"
      size="xs"
      className="self-start"
      loading={retry.isPending}
      onClick={() =>
        retry.mutate(target, {
          onSuccess: () => toast.success(t('invoices.retried')),
          onError: (error) => toast.error(errorMessage(error, t)),
        })
      }
    >
      {!retry.isPending && <RotateCw aria-hidden="true" />}
      {label}
    </Button>
  );
}

/** Technical details (the schema validator's or KSeF's own words), folded away. */
function Details({ lines }: { lines: string[] }) {
  const { t } = useTranslation('offers');
  if (lines.length === 0) return null;
  return (
    <details className="text-xs text-muted-foreground">
      <summary className="cursor-pointer select-none">{t('invoices.details')}</summary>
      <ul className="mt-1 flex flex-col gap-0.5 break-words">
        {lines.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    </details>
  );
}

/** KSeF refused the invoice: its code and words, what to do, and a retry (issue 30). */
function KsefRefusal({ invoice }: { invoice: InvoiceDto }) {
  const { t } = useTranslation('offers');
  const duplicate = invoice.ksef_error_code === 440;
  return (
    <div
      role="alert"
      className="flex flex-col gap-1.5 rounded-md border border-destructive/40 bg-destructive/5 p-2"
    >
      <p className="flex items-start gap-1.5 text-xs font-medium text-destructive">
        <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
        <span>
          {invoice.ksef_error_code !== null && (
            <>{t('invoices.ksefCode', { code: invoice.ksef_error_code })}: </>
          )}
          <span className="break-words">{invoice.ksef_error ?? t('invoices.status.rejected')}</span>
        </span>
      </p>
      <p className="text-xs text-muted-foreground">
        {t(duplicate ? 'invoices.refusal.duplicate' : 'invoices.refusal.other')}
      </p>
      {invoice.issuer === 'lawyer' && (
        <RetryButton target={{ invoice: invoice.id }} label={t('invoices.retryKsef')} />
      )}
    </div>
  );
}

/** An invoice the offer called for but that could not be made: why, and a retry once fixed. */
function FailureRow({ failure }: { failure: InvoiceFailureDto }) {
  const { t } = useTranslation('offers');
  const kindLabel = t(KIND_KEYS[failure.issuer === 'platform' ? 'platform' : failure.kind]);
  return (
    <li>
      <div
        role="alert"
        className="flex flex-col gap-1.5 rounded-lg border border-destructive/40 bg-destructive/5 p-2.5"
      >
        <p className="flex items-start gap-1.5 text-sm font-medium text-destructive">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('invoices.failure.title', { kind: kindLabel })}
        </p>
        <p className="text-sm">{t(`invoices.failure.reason.${failure.reason}`)}</p>
        <Details lines={failure.details} />
        {failure.issuer === 'lawyer' && (
          <RetryButton target={{ failure: failure.id }} label={t('invoices.retry')} />
        )}
      </div>
    </li>
  );
}

/**
 * The invoices of one offer on its card: KSeF status, and the XML and PDF for the owner; an
 * invoice that could not be made or that KSeF refused shows why, with a retry (issue 30).
 */
export function OfferInvoices({
  invoices,
  failures = [],
}: {
  invoices: InvoiceDto[];
  failures?: InvoiceFailureDto[];
}) {
  const { t } = useTranslation('offers');
  if (invoices.length === 0 && failures.length === 0) return null;
  return (
    <section aria-label={t('invoices.title')} className="flex flex-col gap-2">
      <h4 className="flex items-center gap-1.5 text-sm font-semibold">
        <Receipt aria-hidden="true" className="size-4" />
        {t('invoices.title')}
      </h4>
      <ul className="flex flex-col gap-2">
        {failures.map((failure) => (
          <FailureRow key={`failure-${failure.id}`} failure={failure} />
        ))}
        {invoices.map((invoice) => (
          <InvoiceRow key={invoice.id} invoice={invoice} />
        ))}
      </ul>
    </section>
  );
}
