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

const BENEFITS: readonly IconCardItem[] = [
  { key: 'verified', Icon: UserCheck },
  { key: 'time', Icon: Clock },
  { key: 'invoice', Icon: Receipt },
  { key: 'escrow', Icon: ShieldCheck },
  { key: 'team', Icon: Users },
  { key: 'support', Icon: Headset },
];

export function Component() {
  const { t } = useTranslation('marketing');
  const list = useList<string>('forLawFirms.list.items');

  return (
    <>
      <PageMeta title={t('forLawFirms.meta.title')} description={t('forLawFirms.meta.description')} />
      <PageHero eyebrow={t('forLawFirms.hero.eyebrow')} title={t('forLawFirms.hero.title')} lead={t('forLawFirms.hero.lead')}>
        <RegisterAndContactButtons variant="primary" />
      </PageHero>
      <Section id="firms-benefits-title" title={t('forLawFirms.benefitsTitle')}>
        <IconCards prefix="forLawFirms.benefits" items={BENEFITS} />
      </Section>
      <Stats />
      <Section id="firms-list-title" title={t('forLawFirms.list.title')}>
        <div className="mx-auto flex max-w-2xl items-start gap-6">
          <Building2 aria-hidden="true" className="hidden size-16 shrink-0 text-primary sm:block" />
          <CheckList items={list} className="text-lg" />
        </div>
      </Section>
      <CtaBanner id="firms-cta-title" title={t('forLawFirms.cta.title')} description={t('forLawFirms.cta.description')}>
        <RegisterAndContactButtons variant="accent" />
      </CtaBanner>
    </>
  );
}

export default Component;
