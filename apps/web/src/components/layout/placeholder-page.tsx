import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { LinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';

/** Stands in for a route whose feature is not built yet, so no address renders blank. */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation('common');
  const href = useLocalizedHref();
  return (
    <>
      <PageMeta title={title} description={t('placeholder.description')} />
      <section className="mx-auto flex max-w-2xl flex-col items-center gap-5 px-4 py-20 text-center sm:py-28">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
          <Construction aria-hidden="true" className="size-7" />
        </span>
        <p className="text-sm font-semibold tracking-wide text-accent-text uppercase">{title}</p>
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{t('placeholder.title')}</h1>
        <p className="max-w-prose text-muted-foreground">{t('placeholder.description')}</p>
        <LinkButton to={href(paths.home.getHref())} size="lg">
          {t('placeholder.home')}
        </LinkButton>
      </section>
    </>
  );
}
