import {
  BarChart3,
  CalendarClock,
  CreditCard,
  FileText,
  Gavel,
  Globe,
  Mail,
  MessageSquare,
  ShieldCheck,
  UserPlus,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { LinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';
import { CtaBanner } from '../components/cta-banner';
import { IconCards, type IconCardItem } from '../components/icon-cards';
import { PageHero, Section } from '../components/page-hero';

export function Component() {
  const { t } = useTranslation('marketing');
  const href = useLocalizedHref();

  const cards: IconCardItem[] = [
    { key: 'substitutions', title: t('features.cards.substitutions.title'), description: t('features.cards.substitutions.description'), Icon: Gavel },
    { key: 'availability', title: t('features.cards.availability.title'), description: t('features.cards.availability.description'), Icon: Globe },
    { key: 'payments', title: t('features.cards.payments.title'), description: t('features.cards.payments.description'), Icon: CreditCard },
    { key: 'calendar', title: t('features.cards.calendar.title'), description: t('features.cards.calendar.description'), Icon: CalendarClock },
    { key: 'documents', title: t('features.cards.documents.title'), description: t('features.cards.documents.description'), Icon: FileText },
    { key: 'communication', title: t('features.cards.communication.title'), description: t('features.cards.communication.description'), Icon: MessageSquare },
    { key: 'security', title: t('features.cards.security.title'), description: t('features.cards.security.description'), Icon: ShieldCheck },
    { key: 'analytics', title: t('features.cards.analytics.title'), description: t('features.cards.analytics.description'), Icon: BarChart3 },
  ];

  const actions = (variant: 'primary' | 'accent') => (
    <>
      <LinkButton to={href(paths.auth.register.getHref())} variant={variant} size="lg">
        <UserPlus aria-hidden="true" />
        {t('common.register')}
      </LinkButton>
      <LinkButton to={href(paths.contact.getHref())} variant="outline" size="lg">
        <Mail aria-hidden="true" />
        {t('common.contact')}
      </LinkButton>
    </>
  );

  return (
    <>
      <PageMeta title={t('features.meta.title')} description={t('features.meta.description')} />
      <PageHero eyebrow={t('features.hero.eyebrow')} title={t('features.hero.title')} lead={t('features.hero.lead')}>
        {actions('primary')}
      </PageHero>
      <Section id="features-list-title" title={t('features.listTitle')}>
        <IconCards items={cards} columns={4} />
      </Section>
      <CtaBanner id="features-cta-title" title={t('features.cta.title')} description={t('features.cta.description')}>
        {actions('accent')}
      </CtaBanner>
    </>
  );
}

export default Component;
