import { Home, UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { LinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';

/** /u/{seolink} of a lawyer who deleted the account: answered 410 Gone, never indexed. */
export function DeletedProfile() {
  const { t } = useTranslation('public-profile');
  const href = useLocalizedHref();
  return (
    <>
      <PageMeta title={t('gone.title')} description={t('gone.description')} noindex />
      <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center gap-5 px-4 py-20 text-center sm:py-28">
        <span className="flex size-16 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
          <UserX aria-hidden="true" className="size-8" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{t('gone.title')}</h1>
        <p className="max-w-prose text-muted-foreground">{t('gone.description')}</p>
        <LinkButton to={href(paths.home.getHref())} size="lg">
          <Home aria-hidden="true" />
          {t('gone.home')}
        </LinkButton>
      </section>
    </>
  );
}
