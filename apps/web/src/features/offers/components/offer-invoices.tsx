import { formatPln, type InvoiceDto, type KsefStatus } from '@substytut/shared';
import { FileCode2, FileText, Receipt } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { downloadInvoice } from '../api/invoices';
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
      {invoice.ksef_status === 'rejected' && invoice.ksef_error && (
        <p className="text-xs text-destructive">{invoice.ksef_error}</p>
      )}
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          className="h-8"
          loading={busy === 'pdf'}
          onClick={() => void download('pdf')}
          aria-label={t('invoices.downloadPdf', { number: invoice.number })}
        >
          {busy !== 'pdf' && <FileText aria-hidden="true" />}
          PDF
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="h-8"
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

/** The invoices of one offer on its card: KSeF status, and the XML and PDF for the owner. */
export function OfferInvoices({ invoices }: { invoices: InvoiceDto[] }) {
  const { t } = useTranslation('offers');
  if (invoices.length === 0) return null;
  return (
    <section aria-label={t('invoices.title')} className="flex flex-col gap-2">
      <h4 className="flex items-center gap-1.5 text-sm font-semibold">
        <Receipt aria-hidden="true" className="size-4" />
        {t('invoices.title')}
      </h4>
      <ul className="flex flex-col gap-2">
        {invoices.map((invoice) => (
          <InvoiceRow key={invoice.id} invoice={invoice} />
        ))}
      </ul>
    </section>
  );
}
