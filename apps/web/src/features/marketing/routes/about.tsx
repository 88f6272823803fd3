import { HeartHandshake, ShieldCheck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { LinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';
import { CtaBanner } from '../components/cta-banner';
import { RegisterLinkButton } from '../components/register-link-button';
import { IconCards, type IconCardItem } from '../components/icon-cards';
import { PageHero, Section } from '../components/page-hero';
import { Stats } from '../components/stats';

/** This page's texts, marketing-about.json in each language's locales folder: a page loads only its own. */
const NAMESPACE = 'marketing-about';

const VALUES: readonly IconCardItem[] = [
  { title: 'about.values.trust.title', description: 'about.values.trust.description', Icon: HeartHandshake },
  {
    title: 'about.values.security.title',
    description: 'about.values.security.description',
    Icon: ShieldCheck,
  },
  { title: 'about.values.community.title', description: 'about.values.community.description', Icon: Users },
];

export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const href = useLocalizedHref();

  return (
    <>
      <PageMeta title={t('about.meta.title')} description={t('about.meta.description')} />
      <PageHero eyebrow={t('about.hero.eyebrow')} title={t('about.hero.title')} lead={t('about.hero.lead')}>
        <RegisterLinkButton />
      </PageHero>

      <section
        aria-labelledby="mission-title"
        className="mx-auto w-full max-w-(--container-page) px-4 py-16 sm:px-6 sm:py-20"
      >
        <div className="grid gap-8 lg:grid-cols-[1fr_1.4fr] lg:gap-16">
          <h2 id="mission-title" className="text-3xl font-bold tracking-tight">
            {t('about.mission.title')}
          </h2>
          <div className="flex flex-col gap-4 text-lg text-muted-foreground">
            <p>{t('about.mission.p1')}</p>
            <p>{t('about.mission.p2')}</p>
          </div>
        </div>
      </section>

      <Section id="values-title" title={t('about.values.title')} lead={t('about.values.lead')} band>
        <IconCards namespace={NAMESPACE} items={VALUES} />
      </Section>

      <Stats />

      <CtaBanner id="team-title" title={t('about.team.title')} description={t('about.team.description')}>
        <LinkButton to={href(paths.careers.getHref())} variant="accent" size="lg">
          {t('about.team.button')}
        </LinkButton>
      </CtaBanner>
    </>
  );
}

export default Component;

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: [NAMESPACE] };
