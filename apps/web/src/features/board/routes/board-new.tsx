import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { BoardNav } from '../components/board-nav';
import { BoardPage } from '../components/board-page';
import { PostForm } from '../components/post-form';

/**
 * /dashboard/board/new: posting a request. Open to every dashboard account (a lawyer, or a law
 * firm's employee without a lawyer's profile): the API asks only for a confirmed e-mail.
 */
export default function BoardNewRoute() {
  const { t } = useTranslation('board');
  return (
    <BoardPage title={t('form.title')} description={t('form.description')}>
      <PageMeta title={t('form.title')} noindex />
      <BoardNav />
      <PostForm />
    </BoardPage>
  );
}

export const handle = { i18n: ['board', 'dashboard', 'errors'] };
