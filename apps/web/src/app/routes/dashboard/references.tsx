import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { ReferencesPage } from '@/features/alerts/routes/references';
import { DashboardPage } from '@/features/dashboard/routes/dashboard-page';

export const handle = { i18n: ['dashboard', 'alerts', 'errors'] };

/** The references received through the board, with their publish switches. */
export default function ReferencesRoute() {
  const { t } = useTranslation('alerts');
  return (
    <DashboardPage title={t('references.title')}>
      <PageMeta title={t('references.title')} noindex />
      <ReferencesPage />
    </DashboardPage>
  );
}
