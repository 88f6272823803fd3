import { BellRing, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageMeta } from '@/components/seo/page-meta';
import { LinkButton } from '@/components/ui/link-button';
import { Loading } from '@/components/ui/spinner';
import { paths, useLocalizedHref } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useProfile } from '@/lib/profile-query';
import { useBoard } from '../api/board';
import { BoardNav } from '../components/board-nav';
import { BoardPage } from '../components/board-page';
import { EmptyState } from '../components/empty-state';
import { LoadFailed } from '../components/load-failed';
import { RequestCard } from '../components/request-card';
import { RequestDialog } from '../components/request-dialog';
import { useLiveBoard } from '../lib/use-live-board';

/** Who may take requests: a verified licence and connected payouts (issue 32). */
function NotVerified({ licence, payouts }: { licence: boolean; payouts: boolean }) {
  const { t } = useTranslation('board');
  const href = useLocalizedHref();
  return (
    <EmptyState icon={ShieldAlert} title={t('empty.notVerifiedTitle')}>
      <p className="text-sm">{t('empty.notVerifiedText')}</p>
      <ul className="list-disc pl-5 text-sm">
        {!licence && <li>{t('empty.needLicence')}</li>}
        {!payouts && <li>{t('empty.needPayouts')}</li>}
      </ul>
      <div className="flex flex-wrap gap-2">
        {!licence && (
          <LinkButton variant="outline" to={href(paths.dashboard.profile.getHref())}>
            {t('empty.toProfile')}
          </LinkButton>
        )}
        {!payouts && (
          <LinkButton variant="outline" to={href(paths.dashboard.billing.getHref())}>
            {t('empty.toBilling')}
          </LinkButton>
        )}
      </div>
      <p className="text-sm text-muted-foreground">{t('empty.mayPost')}</p>
      <LinkButton to={href(paths.dashboard.boardNew.getHref())}>{t('nav.new')}</LinkButton>
    </EmptyState>
  );
}

function BoardList() {
  const { t } = useTranslation('board');
  const href = useLocalizedHref();
  const board = useBoard();
  const [searchParams, setSearchParams] = useSearchParams();
  const opened = searchParams.get('request');
  useLiveBoard();

  const open = (id: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('request', id);
        else next.delete('request');
        return next;
      },
      { preventScrollReset: true },
    );

  let content;
  if (board.isPending) content = <Loading />;
  else if (board.isError)
    content =
      isApiError(board.error) && board.error.status === 403 ? (
        <NotVerified licence={false} payouts={false} />
      ) : (
        <LoadFailed error={board.error} onRetry={() => void board.refetch()} />
      );
  else if (board.data.items.length === 0)
    content = (
      <EmptyState icon={BellRing} title={t('empty.noneTitle')}>
        <p className="text-sm">{t('empty.noneText')}</p>
        <LinkButton variant="outline" to={href(paths.dashboard.alerts.getHref())}>
          {t('empty.toAlerts')}
        </LinkButton>
      </EmptyState>
    );
  else
    content = (
      <ul className="flex flex-col gap-4" aria-label={t('board.listLabel')}>
        {board.data.items.map((request) => (
          <li key={request.id}>
            <RequestCard request={request} onOpen={() => open(request.id)} />
          </li>
        ))}
      </ul>
    );

  return (
    <>
      <p role="status" className="sr-only">
        {board.isSuccess ? t('board.count', { count: board.data.items.length }) : ''}
      </p>
      {content}
      <RequestDialog requestId={opened} onClose={() => open(null)} />
    </>
  );
}

/** /dashboard/board: the open requests this substitute may take, kept current live. */
export default function BoardRoute() {
  const { t } = useTranslation('board');
  const profile = useProfile();
  const requirements = profile.data?.offer_requirements;
  const verified = requirements ? requirements.licence_verified && requirements.payment_account : null;
  return (
    <BoardPage title={t('board.title')} description={t('board.description')}>
      <PageMeta title={t('board.title')} noindex />
      <BoardNav />
      {profile.isPending ? (
        <Loading />
      ) : verified === false && requirements ? (
        <NotVerified licence={requirements.licence_verified} payouts={requirements.payment_account} />
      ) : (
        <BoardList />
      )}
    </BoardPage>
  );
}

export const handle = { i18n: ['board', 'dashboard', 'errors'] };
