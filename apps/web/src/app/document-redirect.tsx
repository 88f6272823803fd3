import { FileText } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { ExternalLinkButton } from '@/components/ui/link-button';
import { DEFAULT_LANGUAGE, documents, isLanguage } from '@/config/paths';

/** /terms and /privacy send the browser to the PDF; the link remains for when that is blocked. */
function DocumentRedirect({ kind }: { kind: keyof typeof documents }) {
  const { t, i18n } = useTranslation('common');
  const url = documents[kind][isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE];
  const title = kind === 'terms' ? t('pages.terms') : t('pages.privacy');

  useEffect(() => {
    window.location.replace(url);
  }, [url]);

  return (
    <>
      <PageMeta title={title} />
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <FileText aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-muted-foreground" role="status">
          {t('document.redirecting')}
        </p>
        <p className="text-sm text-muted-foreground">{t('document.dated')}</p>
        <ExternalLinkButton href={url} variant="outline">
          {t('document.open')}
        </ExternalLinkButton>
      </section>
    </>
  );
}

export const Terms = () => <DocumentRedirect kind="terms" />;
export const Privacy = () => <DocumentRedirect kind="privacy" />;
