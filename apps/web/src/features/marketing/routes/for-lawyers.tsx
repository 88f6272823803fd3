import { BadgeCheck, ClipboardList, IdCard, Receipt, ShieldCheck, Tag, Wallet, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { LinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';
import { CheckList } from '../components/check-list';
import { CtaBanner } from '../components/cta-banner';
import { RegisterLinkButton } from '../components/register-link-button';
import { IconCards, type IconCardItem } from '../components/icon-cards';
import { PageHero, Section } from '../components/page-hero';
import { useList } from '../lib/use-list';

/** This page's texts, marketing-for-lawyers.json in each language's locales folder: a page loads only its own. */
const NAMESPACE = 'marketing-for-lawyers';

const BENEFITS: readonly IconCardItem[] = [
  {
    title: 'forLawyers.benefits.upfront.title',
    description: 'forLawyers.benefits.upfront.description',
    Icon: Wallet,
  },
  {
    title: 'forLawyers.benefits.profile.title',
    description: 'forLawyers.benefits.profile.description',
    Icon: IdCard,
  },
  { title: 'forLawyers.benefits.fast.title', description: 'forLawyers.benefits.fast.description', Icon: Zap },
  {
    title: 'forLawyers.benefits.invoice.title',
    description: 'forLawyers.benefits.invoice.description',
    Icon: Receipt,
  },
  {
    title: 'forLawyers.benefits.safe.title',
    description: 'forLawyers.benefits.safe.description',
    Icon: ShieldCheck,
  },
  {
    title: 'forLawyers.benefits.history.title',
    description: 'forLawyers.benefits.history.description',
    Icon: ClipboardList,
  },
];

export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const href = useLocalizedHref();
  const list = useList<string>(NAMESPACE, 'forLawyers.list.items');

  const actions = (variant: 'primary' | 'accent') => (
    <>
      <RegisterLinkButton variant={variant} />
      <LinkButton to={href(paths.pricing.getHref())} variant="outline" size="lg">
        <Tag aria-hidden="true" />
        {t('forLawyers.cta.pricing')}
      </LinkButton>
      <LinkButton to={href(paths.board.getHref())} variant="outline" size="lg">
        {t('forLawyers.cta.board')}
      </LinkButton>
    </>
  );

  return (
    <>
      <PageMeta title={t('forLawyers.meta.title')} description={t('forLawyers.meta.description')} />
      <PageHero
        eyebrow={t('forLawyers.hero.eyebrow')}
        title={t('forLawyers.hero.title')}
        lead={t('forLawyers.hero.lead')}
      >
        {actions('primary')}
      </PageHero>
      <Section id="lawyers-benefits-title" title={t('forLawyers.benefitsTitle')}>
        <IconCards namespace={NAMESPACE} items={BENEFITS} />
      </Section>
      <Section id="lawyers-list-title" title={t('forLawyers.list.title')} band>
        <div className="mx-auto flex max-w-2xl items-start gap-6">
          <BadgeCheck aria-hidden="true" className="hidden size-16 shrink-0 text-primary sm:block" />
          <CheckList items={list} className="text-lg" />
        </div>
      </Section>
      <CtaBanner
        id="lawyers-cta-title"
        title={t('forLawyers.cta.title')}
        description={t('forLawyers.cta.description')}
      >
        {actions('accent')}
      </CtaBanner>
    </>
  );
}

export default Component;

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: [NAMESPACE] };
