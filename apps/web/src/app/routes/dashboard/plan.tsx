import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { DashboardPage } from '@/features/dashboard/routes/dashboard-page';
import { PlanPage } from '@/features/plans/routes/plan';

export const handle = { i18n: ['dashboard', 'errors'] };

/** The lawyer's plan (issue 34 §3): Basic, Pro by subscription, Enterprise by a contact request. */
export default function PlanRoute() {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardPage title={t('plan.title')} description={t('plan.description')}>
      <PageMeta title={t('plan.title')} noindex />
      <PlanPage />
    </DashboardPage>
  );
}
