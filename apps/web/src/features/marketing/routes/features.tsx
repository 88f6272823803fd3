import {
  BarChart3,
  CalendarClock,
  CreditCard,
  FileText,
  Gavel,
  Globe,
  MessageSquare,
  ShieldCheck,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { CtaBanner } from '../components/cta-banner';
import { RegisterAndContactButtons } from '../components/register-link-button';
import { IconCards, type IconCardItem } from '../components/icon-cards';
import { PageHero, Section } from '../components/page-hero';

/** This page's texts, marketing-features.json in each language's locales folder: a page loads only its own. */
const NAMESPACE = 'marketing-features';

const CARDS: readonly IconCardItem[] = [
  {
    title: 'features.cards.substitutions.title',
    description: 'features.cards.substitutions.description',
    Icon: Gavel,
  },
  {
    title: 'features.cards.availability.title',
    description: 'features.cards.availability.description',
    Icon: Globe,
  },
  {
    title: 'features.cards.payments.title',
    description: 'features.cards.payments.description',
    Icon: CreditCard,
  },
  {
    title: 'features.cards.calendar.title',
    description: 'features.cards.calendar.description',
    Icon: CalendarClock,
  },
  {
    title: 'features.cards.documents.title',
    description: 'features.cards.documents.description',
    Icon: FileText,
  },
  {
    title: 'features.cards.communication.title',
    description: 'features.cards.communication.description',
    Icon: MessageSquare,
  },
  {
    title: 'features.cards.security.title',
    description: 'features.cards.security.description',
    Icon: ShieldCheck,
  },
  {
    title: 'features.cards.analytics.title',
    description: 'features.cards.analytics.description',
    Icon: BarChart3,
  },
];

export function Component() {
  const { t } = useTranslation(NAMESPACE);

  return (
    <>
      <PageMeta title={t('features.meta.title')} description={t('features.meta.description')} />
      <PageHero
        eyebrow={t('features.hero.eyebrow')}
        title={t('features.hero.title')}
        lead={t('features.hero.lead')}
      >
        <RegisterAndContactButtons variant="primary" />
      </PageHero>
      <Section id="features-list-title" title={t('features.listTitle')}>
        <IconCards namespace={NAMESPACE} items={CARDS} columns={4} />
      </Section>
      <CtaBanner
        id="features-cta-title"
        title={t('features.cta.title')}
        description={t('features.cta.description')}
      >
        <RegisterAndContactButtons variant="accent" />
      </CtaBanner>
    </>
  );
}

export default Component;

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: [NAMESPACE] };
