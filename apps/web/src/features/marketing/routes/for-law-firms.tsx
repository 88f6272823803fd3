import { Building2, Clock, Headset, Mail, Receipt, ShieldCheck, UserCheck, UserPlus, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { LinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';
import { CheckList } from '../components/check-list';
import { CtaBanner } from '../components/cta-banner';
import { IconCards, type IconCardItem } from '../components/icon-cards';
import { PageHero, Section } from '../components/page-hero';
import { Stats } from '../components/stats';
import { useList } from '../lib/use-list';

export function Component() {
  const { t } = useTranslation('marketing');
  const href = useLocalizedHref();
  const list = useList<string>('forLawFirms.list.items');

  const benefits: IconCardItem[] = [
    { key: 'verified', title: t('forLawFirms.benefits.verified.title'), description: t('forLawFirms.benefits.verified.description'), Icon: UserCheck },
    { key: 'time', title: t('forLawFirms.benefits.time.title'), description: t('forLawFirms.benefits.time.description'), Icon: Clock },
    { key: 'invoice', title: t('forLawFirms.benefits.invoice.title'), description: t('forLawFirms.benefits.invoice.description'), Icon: Receipt },
    { key: 'escrow', title: t('forLawFirms.benefits.escrow.title'), description: t('forLawFirms.benefits.escrow.description'), Icon: ShieldCheck },
    { key: 'team', title: t('forLawFirms.benefits.team.title'), description: t('forLawFirms.benefits.team.description'), Icon: Users },
    { key: 'support', title: t('forLawFirms.benefits.support.title'), description: t('forLawFirms.benefits.support.description'), Icon: Headset },
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
      <PageMeta title={t('forLawFirms.meta.title')} description={t('forLawFirms.meta.description')} />
      <PageHero eyebrow={t('forLawFirms.hero.eyebrow')} title={t('forLawFirms.hero.title')} lead={t('forLawFirms.hero.lead')}>
        {actions('primary')}
      </PageHero>
      <Section id="firms-benefits-title" title={t('forLawFirms.benefitsTitle')}>
        <IconCards items={benefits} />
      </Section>
      <Stats />
      <Section id="firms-list-title" title={t('forLawFirms.list.title')}>
        <div className="mx-auto flex max-w-2xl items-start gap-6">
          <Building2 aria-hidden="true" className="hidden size-16 shrink-0 text-primary sm:block" />
          <CheckList items={list} className="text-lg" />
        </div>
      </Section>
      <CtaBanner id="firms-cta-title" title={t('forLawFirms.cta.title')} description={t('forLawFirms.cta.description')}>
        {actions('accent')}
      </CtaBanner>
    </>
  );
}

export default Component;
