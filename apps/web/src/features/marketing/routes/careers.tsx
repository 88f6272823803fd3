import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { LinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';
import { usePublicConfig } from '@/lib/public-config';
import { CtaBanner } from '../components/cta-banner';
import { PageHero } from '../components/page-hero';

/** This page's texts, marketing-careers.json in each language's locales folder: a page loads only its own. */
const NAMESPACE = 'marketing-careers';

/** /careers, where About's team button leads (spec 2): no open positions, and how to write to us. */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const href = useLocalizedHref();
  const { supportEmail } = usePublicConfig();

  return (
    <>
      <PageMeta title={t('careers.meta.title')} description={t('careers.meta.description')} />
      <PageHero
        eyebrow={t('careers.hero.eyebrow')}
        title={t('careers.hero.title')}
        lead={t('careers.hero.lead')}
      />
      <section
        aria-labelledby="openings-title"
        className="mx-auto w-full max-w-(--container-page) px-4 pt-14 sm:px-6 sm:pt-20"
      >
        <h2 id="openings-title" className="text-3xl font-bold tracking-tight">
          {t('careers.openings.title')}
        </h2>
        <p className="mt-4 text-lg text-muted-foreground">{t('careers.openings.none')}</p>
      </section>
      <CtaBanner
        id="write-title"
        title={t('careers.write.title')}
        description={t('careers.write.description')}
      >
        <LinkButton to={href(paths.contact.getHref())} variant="accent" size="lg">
          {t('careers.write.button')}
        </LinkButton>
        <a
          href={`mailto:${supportEmail}`}
          className="self-center font-medium break-all underline underline-offset-4"
        >
          {supportEmail}
        </a>
      </CtaBanner>
    </>
  );
}

export default Component;

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: [NAMESPACE] };
