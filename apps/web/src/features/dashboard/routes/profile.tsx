import { licenceRegisterOf } from '@substytut/shared';
import { RefreshCw } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { profileQueryOptions } from '../api/get-profile';
import { LicencePanel } from '../components/licence-panel';
import { ProfileView } from '../components/profile-view';
import { DashboardPage } from './dashboard-page';

/**
 * The editor (react-hook-form, zod's profile rules, the comboboxes, the file checks) loads when it
 * is shown (issue 33): an active profile opens as the view and needs none of it.
 */
const ProfileForm = lazy(() =>
  import('../components/profile-form').then((module) => ({ default: module.ProfileForm })),
);

/** While the register is being asked, the answer is read again this often. */
const PENDING_REFRESH_MS = 4000;

/** Spec 9: the page scrolls to the top 500 ms after a save. */
export const SCROLL_AFTER_SAVE_MS = 500;

type Mode = 'view' | 'edit';

/**
 * Twoja wizytówka: an active profile opens as the view, any other status in the editor; after a
 * save the profile is read back and shown as the view.
 */
export function ProfileRoute() {
  const { t } = useTranslation('dashboard');
  const profile = useQuery({
    ...profileQueryOptions(),
    refetchInterval: (query) => (query.state.data?.licence.state === 'pending' ? PENDING_REFRESH_MS : false),
  });
  const [mode, setMode] = useState<Mode | null>(null);
  // The profession chosen in the editor, before it is saved: the licence panel names its chamber
  // and register at once (issue 34).
  const [chosen, setChosen] = useState('');

  useEffect(() => {
    if (profile.isError) toast.error(t('toasts.error'));
  }, [profile.isError, t]);

  useEffect(() => {
    if (mode !== 'view') return;
    const timer = window.setTimeout(
      () => window.scrollTo({ top: 0, behavior: 'smooth' }),
      SCROLL_AFTER_SAVE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [mode]);

  let content;
  if (profile.isPending) {
    content = <Loading />;
  } else if (profile.isError) {
    content = (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-xl border border-border bg-card p-6"
      >
        <p>{t('errors.profile.fetchFailed')}</p>
        <Button variant="outline" onClick={() => void profile.refetch()}>
          <RefreshCw aria-hidden="true" />
          {t('actions.retry')}
        </Button>
      </div>
    );
  } else {
    const data = profile.data;
    const current: Mode = mode ?? (data.status === 'active' ? 'view' : 'edit');
    const form =
      current === 'view' ? (
        <ProfileView profile={data} onEdit={() => setMode('edit')} />
      ) : (
        <Suspense fallback={<Loading />}>
          <ProfileForm
            profile={data}
            onSaved={() => setMode('view')}
            onCancel={mode === 'edit' ? () => setMode('view') : undefined}
            onPermissionsChange={setChosen}
          />
        </Suspense>
      );
    const chosenRegister = current === 'edit' && chosen ? licenceRegisterOf(chosen) : undefined;
    content = (
      <div className="flex flex-col gap-6">
        <LicencePanel licence={data.licence} licenseNo={data.licenseNo} chosenRegister={chosenRegister} />
        {form}
      </div>
    );
  }

  return (
    <DashboardPage title={t('tabs.profile')}>
      <PageMeta title={t('tabs.profile')} noindex />
      {content}
    </DashboardPage>
  );
}
