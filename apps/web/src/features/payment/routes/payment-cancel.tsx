import { ArrowLeft, CircleAlert, CircleX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { LinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';
import { Loading } from '@/components/ui/spinner';
import { lastOfferPage } from '@/lib/last-offer';
import { ResultCard } from '../components/result-card';

/**
 * /payment/cancel: nothing was charged; the way back leads to the offer the payment began on. A
 * failed payment lands here too (`?reason=failed`) and says it failed and that the client may try
 * again. The page is prerendered without the query: it shows once the app has read it.
 */
export function Component() {
  const { t } = useTranslation('payment');
  const href = useLocalizedHref();
  // Read after the first render, so the prerendered page hydrates unchanged.
  const [offerPage, setOfferPage] = useState<string | null>(null);
  const [failed, setFailed] = useState<boolean | null>(null);
  useEffect(() => {
    setOfferPage(lastOfferPage());
    setFailed(new URLSearchParams(window.location.search).get('reason') === 'failed');
  }, []);

  return (
    <>
      <PageMeta title={t('meta.cancelTitle')} description={t('meta.cancelDescription')} noindex />
      {failed === null ? (
        <Loading className="flex-1 py-24" />
      ) : (
        <ResultCard
          icon={failed ? CircleAlert : CircleX}
          tone={failed ? 'error' : 'warning'}
          title={failed ? t('cancel.failedTitle') : t('cancel.title')}
          actions={
            <>
              {offerPage && (
                <LinkButton to={href(offerPage)} size="lg">
                  <ArrowLeft aria-hidden="true" />
                  {t('cancel.backToOffer')}
                </LinkButton>
              )}
              <LinkButton
                to={href(paths.home.getHref())}
                size="lg"
                variant={offerPage ? 'outline' : 'primary'}
              >
                {t('home')}
              </LinkButton>
            </>
          }
        >
          <p>{failed ? t('cancel.failedDescription') : t('cancel.description')}</p>
        </ResultCard>
      )}
    </>
  );
}

export default Component;

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: ['payment'] };
