import { FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { lastOfferRef } from '@/lib/last-offer';
import { downloadApiFile } from '@/lib/save-file';
import { toast } from '@/lib/toast';

/**
 * The payer's invoice (PDF) after paying: only this browser, holding the payer cookie of the
 * checkout, gets it (decision 013). Shown once the page knows which offer was paid in this tab.
 */
export function InvoiceDownload() {
  const { t } = useTranslation('payment');
  const [ref, setRef] = useState<ReturnType<typeof lastOfferRef>>(null);
  const [busy, setBusy] = useState(false);

  // sessionStorage exists only in the browser: read after hydration, so server and client agree.
  useEffect(() => setRef(lastOfferRef()), []);
  if (!ref) return null;

  const download = async () => {
    setBusy(true);
    try {
      await downloadApiFile(
        `/public/profile/${encodeURIComponent(ref.seolink)}/payment/${encodeURIComponent(ref.offerUrl)}/invoice`,
        'faktura.pdf',
      );
    } catch (error) {
      console.error('invoice download failed', error);
      toast.error(
        isApiError(error) && error.status === 404 ? t('success.invoiceNotReady') : t('success.invoiceFailed'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="outline" size="lg" loading={busy} onClick={() => void download()}>
      {!busy && <FileText aria-hidden="true" />}
      {t('success.invoice')}
    </Button>
  );
}
