import { FilePlus2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { LinkButton } from '@/components/ui/link-button';
import { Loading } from '@/components/ui/spinner';
import { paths, useLocalizedHref } from '@/config/paths';
import { useMyRequests } from '../api/my-requests';
import { BoardNav } from '../components/board-nav';
import { BoardPage } from '../components/board-page';
import { EmptyState } from '../components/empty-state';
import { LoadFailed } from '../components/load-failed';
import { MyRequestCard } from '../components/my-request-card';
import { useLiveBoard } from '../lib/use-live-board';

/** /dashboard/board/mine: the requests I posted, their answers and views, kept current live. */
export default function BoardMineRoute() {
  const { t } = useTranslation('board');
  const href = useLocalizedHref();
  const mine = useMyRequests();
  useLiveBoard();

  let content;
  if (mine.isPending) content = <Loading />;
  else if (mine.isError) content = <LoadFailed error={mine.error} onRetry={() => void mine.refetch()} />;
  else if (mine.data.items.length === 0)
    content = (
      <EmptyState icon={FilePlus2} title={t('mine.emptyTitle')}>
        <p className="text-sm">{t('mine.emptyText')}</p>
        <LinkButton to={href(paths.dashboard.boardNew.getHref())}>{t('nav.new')}</LinkButton>
      </EmptyState>
    );
  else
    content = (
      <ul className="flex flex-col gap-4" aria-label={t('mine.listLabel')}>
        {mine.data.items.map((request) => (
          <li key={request.id}>
            <MyRequestCard request={request} />
          </li>
        ))}
      </ul>
    );

  return (
    <BoardPage title={t('mine.title')} description={t('mine.description')}>
      <PageMeta title={t('mine.title')} noindex />
      <BoardNav />
      {content}
    </BoardPage>
  );
}

export const handle = { i18n: ['board', 'dashboard', 'errors'] };
