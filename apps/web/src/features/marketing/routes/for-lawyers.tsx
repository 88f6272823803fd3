import { BadgeCheck, ClipboardList, IdCard, Receipt, ShieldCheck, Tag, UserPlus, Wallet, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { LinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';
import { CheckList } from '../components/check-list';
import { CtaBanner } from '../components/cta-banner';
import { IconCards, type IconCardItem } from '../components/icon-cards';
import { PageHero, Section } from '../components/page-hero';
import { useList } from '../lib/use-list';

export function Component() {
  const { t } = useTranslation('marketing');
  const href = useLocalizedHref();
  const list = useList<string>('forLawyers.list.items');

  const benefits: IconCardItem[] = [
    { key: 'upfront', title: t('forLawyers.benefits.upfront.title'), description: t('forLawyers.benefits.upfront.description'), Icon: Wallet },
    { key: 'profile', title: t('forLawyers.benefits.profile.title'), description: t('forLawyers.benefits.profile.description'), Icon: IdCard },
    { key: 'fast', title: t('forLawyers.benefits.fast.title'), description: t('forLawyers.benefits.fast.description'), Icon: Zap },
    { key: 'invoice', title: t('forLawyers.benefits.invoice.title'), description: t('forLawyers.benefits.invoice.description'), Icon: Receipt },
    { key: 'safe', title: t('forLawyers.benefits.safe.title'), description: t('forLawyers.benefits.safe.description'), Icon: ShieldCheck },
    { key: 'history', title: t('forLawyers.benefits.history.title'), description: t('forLawyers.benefits.history.description'), Icon: ClipboardList },
  ];

  const actions = (variant: 'primary' | 'accent') => (
    <>
      <LinkButton to={href(paths.auth.register.getHref())} variant={variant} size="lg">
        <UserPlus aria-hidden="true" />
        {t('common.register')}
      </LinkButton>
      <LinkButton to={href(paths.pricing.getHref())} variant="outline" size="lg">
        <Tag aria-hidden="true" />
        {t('forLawyers.cta.pricing')}
      </LinkButton>
    </>
  );

  return (
    <>
      <PageMeta title={t('forLawyers.meta.title')} description={t('forLawyers.meta.description')} />
      <PageHero eyebrow={t('forLawyers.hero.eyebrow')} title={t('forLawyers.hero.title')} lead={t('forLawyers.hero.lead')}>
        {actions('primary')}
      </PageHero>
      <Section id="lawyers-benefits-title" title={t('forLawyers.benefitsTitle')}>
        <IconCards items={benefits} />
      </Section>
      <Section id="lawyers-list-title" title={t('forLawyers.list.title')} band>
        <div className="mx-auto flex max-w-2xl items-start gap-6">
          <BadgeCheck aria-hidden="true" className="hidden size-16 shrink-0 text-primary sm:block" />
          <CheckList items={list} className="text-lg" />
        </div>
      </Section>
      <CtaBanner id="lawyers-cta-title" title={t('forLawyers.cta.title')} description={t('forLawyers.cta.description')}>
        {actions('accent')}
      </CtaBanner>
    </>
  );
}

export default Component;
