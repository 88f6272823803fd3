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

const CARDS: readonly IconCardItem[] = [
  { key: 'substitutions', Icon: Gavel },
  { key: 'availability', Icon: Globe },
  { key: 'payments', Icon: CreditCard },
  { key: 'calendar', Icon: CalendarClock },
  { key: 'documents', Icon: FileText },
  { key: 'communication', Icon: MessageSquare },
  { key: 'security', Icon: ShieldCheck },
  { key: 'analytics', Icon: BarChart3 },
];

export function Component() {
  const { t } = useTranslation('marketing');

  return (
    <>
      <PageMeta title={t('features.meta.title')} description={t('features.meta.description')} />
      <PageHero eyebrow={t('features.hero.eyebrow')} title={t('features.hero.title')} lead={t('features.hero.lead')}>
        <RegisterAndContactButtons variant="primary" />
      </PageHero>
      <Section id="features-list-title" title={t('features.listTitle')}>
        <IconCards prefix="features.cards" items={CARDS} columns={4} />
      </Section>
      <CtaBanner id="features-cta-title" title={t('features.cta.title')} description={t('features.cta.description')}>
        <RegisterAndContactButtons variant="accent" />
      </CtaBanner>
    </>
  );
}

export default Component;
