import { useQuery } from '@tanstack/react-query';
import { CircleCheck, FileDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { LinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';
import { lastOfferRef } from '@/lib/last-offer';
import { payerDocumentHref, payerDocumentQuery } from '../api/substitution-document';
import { InvoiceDownload } from '../components/invoice-download';
import { ResultCard } from '../components/result-card';
import { SupportLine } from '../components/support-line';

/**
 * /payment/success, where the checkout returns after paying. It only informs: the payment counts
 * once the provider's own event arrives, never because a browser came back here. The payment
 * confirmation mail carries the order's summary (offer, amount, contractor, invoice data), so the
 * page promises that one mail and no other. The payer also gets the substitution document of the
 * offer paid in this tab here once the payment counts (decision 021); anyone else's browser is
 * refused it and sees no link.
 */
export function Component() {
  const { t } = useTranslation('payment');
  const href = useLocalizedHref();
  return (
    <>
      <PageMeta title={t('meta.successTitle')} description={t('meta.successDescription')} noindex />
      <ResultCard
        icon={CircleCheck}
        tone="success"
        title={t('success.title')}
        actions={
          <>
            <InvoiceDownload />
            <LinkButton to={href(paths.home.getHref())} size="lg">
              {t('home')}
            </LinkButton>
          </>
        }
      >
        <p>{t('success.confirmation')}</p>
        <p>{t('success.payout')}</p>
        <SubstitutionDocument />
        <SupportLine text={t('success.support')} />
      </ResultCard>
    </>
  );
}

export default Component;

function SubstitutionDocument() {
  const { t } = useTranslation('payment');
  const [ref, setRef] = useState<ReturnType<typeof lastOfferRef>>(null);
  // sessionStorage exists only in the browser: read after hydration, so server and client agree.
  useEffect(() => setRef(lastOfferRef()), []);
  const seolink = ref?.seolink ?? '';
  const offerUrl = ref?.offerUrl ?? '';
  const status = useQuery({ ...payerDocumentQuery(seolink, offerUrl), enabled: ref !== null });
  const data = status.data;
  // Rendered only once the server answered, so the prerendered page and the first render agree.
  return (
    <div role="status" className="empty:hidden">
      {data?.ready === false && <p>{t('success.document.preparing')}</p>}
      {data?.ready && (
        <div className="flex flex-col items-center gap-2 rounded-md border border-border p-4 text-foreground">
          <a
            href={payerDocumentHref(seolink, offerUrl)}
            download={data.file_name}
            className="inline-flex items-center gap-2 font-medium text-primary underline underline-offset-4"
          >
            <FileDown aria-hidden="true" className="size-4 shrink-0" />
            {data.kind === 'substitution'
              ? t('success.document.substitution')
              : t('success.document.authorisation')}
          </a>
          <p className="text-sm text-muted-foreground">{t('success.document.note')}</p>
        </div>
      )}
    </div>
  );
}

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: ['payment'] };
