import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { LinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';
import { InvoiceDownload } from '../components/invoice-download';
import { ResultCard } from '../components/result-card';
import { SupportLine } from '../components/support-line';

/**
 * /payment/success, where the checkout returns after paying. It only informs: the payment counts
 * once the provider's own event arrives, never because a browser came back here. The payment
 * confirmation mail carries the order's summary (offer, amount, contractor, invoice data), so the
 * page promises that one mail and no other.
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
        <SupportLine text={t('success.support')} />
      </ResultCard>
    </>
  );
}

export default Component;

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: ['payment'] };
