import { History } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { DashboardPage } from './dashboard-page';

/** Frame of the offers history (Aktywne, Wysłane, Archiwum), which the offers feature fills in. */
export function OffersRoute({ children }: { children?: ReactNode } = {}) {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardPage title={t('tabs.offers')}>
      <PageMeta title={t('tabs.offers')} noindex />
      {children ?? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-card/60 px-6 py-14 text-center">
          <History aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="text-muted-foreground">{t('offers.pending')}</p>
        </div>
      )}
    </DashboardPage>
  );
}
