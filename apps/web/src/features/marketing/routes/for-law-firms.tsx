import { Building2, Clock, Headset, Receipt, ShieldCheck, UserCheck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { CheckList } from '../components/check-list';
import { CtaBanner } from '../components/cta-banner';
import { RegisterAndContactButtons } from '../components/register-link-button';
import { IconCards, type IconCardItem } from '../components/icon-cards';
import { PageHero, Section } from '../components/page-hero';
import { Stats } from '../components/stats';
import { useList } from '../lib/use-list';

/** This page's texts, marketing-for-law-firms.json in each language's locales folder: a page loads only its own. */
const NAMESPACE = 'marketing-for-law-firms';

const BENEFITS: readonly IconCardItem[] = [
  {
    title: 'forLawFirms.benefits.verified.title',
    description: 'forLawFirms.benefits.verified.description',
    Icon: UserCheck,
  },
  {
    title: 'forLawFirms.benefits.time.title',
    description: 'forLawFirms.benefits.time.description',
    Icon: Clock,
  },
  {
    title: 'forLawFirms.benefits.invoice.title',
    description: 'forLawFirms.benefits.invoice.description',
    Icon: Receipt,
  },
  {
    title: 'forLawFirms.benefits.escrow.title',
    description: 'forLawFirms.benefits.escrow.description',
    Icon: ShieldCheck,
  },
  {
    title: 'forLawFirms.benefits.team.title',
    description: 'forLawFirms.benefits.team.description',
    Icon: Users,
  },
  {
    title: 'forLawFirms.benefits.support.title',
    description: 'forLawFirms.benefits.support.description',
    Icon: Headset,
  },
];

export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const list = useList<string>(NAMESPACE, 'forLawFirms.list.items');

  return (
    <>
      <PageMeta title={t('forLawFirms.meta.title')} description={t('forLawFirms.meta.description')} />
      <PageHero
        eyebrow={t('forLawFirms.hero.eyebrow')}
        title={t('forLawFirms.hero.title')}
        lead={t('forLawFirms.hero.lead')}
      >
        <RegisterAndContactButtons variant="primary" />
      </PageHero>
      <Section id="firms-benefits-title" title={t('forLawFirms.benefitsTitle')}>
        <IconCards namespace={NAMESPACE} items={BENEFITS} />
      </Section>
      <Stats />
      <Section id="firms-list-title" title={t('forLawFirms.list.title')}>
        <div className="mx-auto flex max-w-2xl items-start gap-6">
          <Building2 aria-hidden="true" className="hidden size-16 shrink-0 text-primary sm:block" />
          <CheckList items={list} className="text-lg" />
        </div>
      </Section>
      <CtaBanner
        id="firms-cta-title"
        title={t('forLawFirms.cta.title')}
        description={t('forLawFirms.cta.description')}
      >
        <RegisterAndContactButtons variant="accent" />
      </CtaBanner>
    </>
  );
}

export default Component;

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: [NAMESPACE] };
