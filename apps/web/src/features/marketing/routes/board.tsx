import { BellRing, CreditCard, EyeOff, FileText, Handshake, ShieldCheck, UserCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { LinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';
import { CheckList } from '../components/check-list';
import { CtaBanner } from '../components/cta-banner';
import { IconCards, type IconCardItem } from '../components/icon-cards';
import { PageHero, Section } from '../components/page-hero';
import { RegisterLinkButton } from '../components/register-link-button';
import { useList } from '../lib/use-list';

/** This page's texts, marketing-board.json in each language's locales folder: a page loads only its own. */
const NAMESPACE = 'marketing-board';

const STEPS: readonly IconCardItem[] = [
  { title: 'board.steps.post.title', description: 'board.steps.post.description', Icon: FileText },
  { title: 'board.steps.alert.title', description: 'board.steps.alert.description', Icon: BellRing },
  { title: 'board.steps.conflict.title', description: 'board.steps.conflict.description', Icon: ShieldCheck },
  { title: 'board.steps.pick.title', description: 'board.steps.pick.description', Icon: Handshake },
  { title: 'board.steps.pay.title', description: 'board.steps.pay.description', Icon: CreditCard },
  { title: 'board.steps.verified.title', description: 'board.steps.verified.description', Icon: UserCheck },
];

/**
 * /board (issue 32): how the substitution board works. There is no public board: the requests are
 * a law office's confidential work, seen only by verified substitutes inside the dashboard.
 */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const href = useLocalizedHref();
  const confidential = useList<string>(NAMESPACE, 'board.confidential.items');
  const alerts = useList<string>(NAMESPACE, 'board.alerts.items');

  const actions = (variant: 'primary' | 'accent') => (
    <>
      <RegisterLinkButton variant={variant} />
      <LinkButton to={href(paths.forLawyers.getHref())} variant="outline" size="lg">
        {t('board.cta.forLawyers')}
      </LinkButton>
    </>
  );

  return (
    <>
      <PageMeta title={t('board.meta.title')} description={t('board.meta.description')} />
      <PageHero eyebrow={t('board.hero.eyebrow')} title={t('board.hero.title')} lead={t('board.hero.lead')}>
        {actions('primary')}
      </PageHero>
      <Section id="board-steps-title" title={t('board.stepsTitle')} lead={t('board.stepsLead')}>
        <IconCards namespace={NAMESPACE} items={STEPS} />
      </Section>
      <Section
        id="board-confidential-title"
        title={t('board.confidential.title')}
        lead={t('board.confidential.lead')}
        band
      >
        <div className="mx-auto flex max-w-2xl items-start gap-6">
          <EyeOff aria-hidden="true" className="hidden size-16 shrink-0 text-primary sm:block" />
          <CheckList items={confidential} className="text-lg" />
        </div>
      </Section>
      <Section id="board-alerts-title" title={t('board.alerts.title')} lead={t('board.alerts.lead')}>
        <div className="mx-auto flex max-w-2xl items-start gap-6">
          <BellRing aria-hidden="true" className="hidden size-16 shrink-0 text-primary sm:block" />
          <CheckList items={alerts} className="text-lg" />
        </div>
      </Section>
      <CtaBanner id="board-cta-title" title={t('board.cta.title')} description={t('board.cta.description')}>
        {actions('accent')}
      </CtaBanner>
    </>
  );
}

export default Component;

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: [NAMESPACE] };
