import { useTranslation } from 'react-i18next';
import type { Locale } from '@substytut/shared';
import { PageMeta } from '@/components/seo/page-meta';
import { BoardAdmin } from '../components/board-requests';
import { Disputes } from '../components/disputes';
import { InvoiceProblems } from '../components/invoice-problems';
import { LicenceReviews } from '../components/licence-reviews';
import { OffersTable } from '../components/offers-table';
import { ProfilesTable } from '../components/profiles-table';
import { Summary } from '../components/summary';

/** /admin (spec 2): the summary, then every profile and every offer. Guarded by RequireAdmin. */
export function Component() {
  const { t, i18n } = useTranslation('admin');
  const locale: Locale = i18n.language === 'en' ? 'en' : 'pl';
  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} noindex />
      <div className="mx-auto flex w-full max-w-(--container-page) min-w-0 flex-col gap-10 px-4 py-8 sm:px-6 lg:py-10">
        <header className="flex flex-col gap-1">
          <h1 className="text-3xl font-bold tracking-tight">{t('heading')}</h1>
          <p className="text-muted-foreground">{t('intro')}</p>
        </header>
        <Summary locale={locale} />
        <Disputes locale={locale} />
        <LicenceReviews locale={locale} />
        <InvoiceProblems />
        <BoardAdmin locale={locale} />
        <ProfilesTable locale={locale} />
        <OffersTable locale={locale} />
      </div>
    </>
  );
}

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: ['admin', 'errors', 'offers', 'parts'] };

export default Component;
