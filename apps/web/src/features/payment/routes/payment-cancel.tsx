import { ArrowLeft, CircleX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { LinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';
import { lastOfferPage } from '@/lib/last-offer';
import { ResultCard } from '../components/result-card';

/** /payment/cancel: nothing was charged; the way back leads to the offer the payment began on. */
export function Component() {
  const { t } = useTranslation('payment');
  const href = useLocalizedHref();
  // Read after the first render, so the prerendered page hydrates unchanged.
  const [offerPage, setOfferPage] = useState<string | null>(null);
  useEffect(() => setOfferPage(lastOfferPage()), []);

  return (
    <>
      <PageMeta title={t('meta.cancelTitle')} description={t('meta.cancelDescription')} noindex />
      <ResultCard
        icon={CircleX}
        tone="warning"
        title={t('cancel.title')}
        actions={
          <>
            {offerPage && (
              <LinkButton to={href(offerPage)} size="lg">
                <ArrowLeft aria-hidden="true" />
                {t('cancel.backToOffer')}
              </LinkButton>
            )}
            <LinkButton to={href(paths.home.getHref())} size="lg" variant={offerPage ? 'outline' : 'primary'}>
              {t('home')}
            </LinkButton>
          </>
        }
      >
        <p>{t('cancel.description')}</p>
      </ResultCard>
    </>
  );
}

export default Component;

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: ['payment'] };
