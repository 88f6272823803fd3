import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { AlertsPage } from '@/features/alerts/routes/alerts';
import { DashboardPage } from '@/features/dashboard/routes/dashboard-page';

export const handle = { i18n: ['dashboard', 'alerts', 'errors'] };

/** Powiadomienia o zleceniach: the alerts feature's page in the dashboard's frame. */
export default function AlertsRoute() {
  const { t } = useTranslation('alerts');
  return (
    <DashboardPage title={t('title')} description={t('intro')}>
      <PageMeta title={t('title')} noindex />
      <AlertsPage />
    </DashboardPage>
  );
}
