import { Check, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { Badge } from '@/components/ui/badge';
import { LinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';
import { cn } from '@/lib/cn';
import { FaqAccordion } from '../components/faq-accordion';
import { PageHero, Section } from '../components/page-hero';
import { formatFeePercent, PLAN_NAMES, PLANS, type Plan } from '@substytut/shared/plans';
import { formatPlanPrice, toLanguage } from '../lib/format';
import { useList, type QuestionAnswer } from '../lib/use-list';

/** This page's texts, marketing-pricing.json in each language's locales folder: a page loads only its own. */
const NAMESPACE = 'marketing-pricing';

/**
 * Pricing plans of spec section 3 (name, price, description, features, popular, cta), read from
 * the one definition in packages/shared (issue 34 §3, decision 049): the price, the fee withheld
 * from each payout and the popular flag are the ones the product applies. Only the plans module
 * is imported: the page loads neither the shared index nor zod.
 */
const PLAN_KEYS = {
  basic: {
    description: 'pricing.plans.basic.description',
    commission: 'pricing.plans.basic.commission',
    items: 'pricing.plans.basic.items',
  },
  pro: {
    description: 'pricing.plans.pro.description',
    commission: 'pricing.plans.pro.commission',
    items: 'pricing.plans.pro.items',
  },
  enterprise: {
    description: 'pricing.plans.enterprise.description',
    commission: 'pricing.plans.enterprise.commission',
    items: 'pricing.plans.enterprise.items',
  },
} as const;

function PlanCard({ plan }: { plan: Plan }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const href = useLocalizedHref();
  const language = toLanguage(i18n.language);
  const keys = PLAN_KEYS[plan.key];
  const items = useList<string>(NAMESPACE, keys.items);
  const name = PLAN_NAMES[plan.key];
  const titleId = `plan-${plan.key}`;
  const commission =
    plan.feeBasisPoints === null
      ? t(keys.commission)
      : t(keys.commission, { fee: formatFeePercent(plan.feeBasisPoints, language) });
  // Enterprise is agreed one to one: its button opens the contact form with the topic filled in.
  const cta =
    plan.via === 'contact'
      ? `${href(paths.contact.getHref())}?topic=enterprise`
      : href(paths.auth.register.getHref());

  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col gap-6 rounded-2xl border bg-card p-6 shadow-sm sm:p-8',
        plan.popular ? 'border-primary ring-2 ring-primary lg:-my-4 lg:py-12' : 'border-border',
      )}
    >
      {plan.popular && (
        <Badge variant="accent" size="sm" className="absolute -top-3 left-6">
          <Sparkles aria-hidden="true" />
          {t('pricing.popular')}
        </Badge>
      )}
      <div className="flex flex-col gap-2">
        <h3 id={titleId} className="text-xl font-semibold">
          {name}
        </h3>
        <p className="text-sm text-muted-foreground">{t(keys.description)}</p>
      </div>
      <p className="flex flex-wrap items-baseline gap-x-2">
        {plan.monthlyNetGrosze === null ? (
          <span className="text-2xl font-bold tracking-tight sm:text-3xl lg:text-2xl">
            {t('pricing.plans.enterprise.price')}
          </span>
        ) : (
          <>
            <span className="text-4xl font-bold tracking-tight tabular-nums">
              {formatPlanPrice(plan.monthlyNetGrosze, language)}
            </span>
            <span className="text-muted-foreground">{t('pricing.perMonth')}</span>
          </>
        )}
      </p>
      <p className="rounded-md bg-muted px-3 py-2 text-sm font-medium">{commission}</p>
      <ul className="flex flex-1 flex-col gap-3 text-sm">
        {items.map((item) => (
          <li key={item} className="flex items-start gap-3">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
      <LinkButton to={cta} variant={plan.popular ? 'primary' : 'outline'} size="lg">
        {plan.via === 'contact' ? t('pricing.ask', { plan: name }) : t('pricing.choose', { plan: name })}
      </LinkButton>
    </li>
  );
}

export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const faq = useList<QuestionAnswer>(NAMESPACE, 'pricing.faq.items');
  const [openItem, setOpenItem] = useState('');

  return (
    <>
      <PageMeta title={t('pricing.meta.title')} description={t('pricing.meta.description')} />
      <PageHero
        eyebrow={t('pricing.hero.eyebrow')}
        title={t('pricing.hero.title')}
        lead={t('pricing.hero.lead')}
      />
      <section
        aria-labelledby="plans-title"
        className="mx-auto w-full max-w-(--container-page) px-4 py-16 sm:px-6 sm:py-20"
      >
        {/* The plans' names are h3: their section has its own h2, so no heading level is skipped. */}
        <h2 id="plans-title" className="sr-only">
          {t('pricing.plansTitle')}
        </h2>
        <ul className="grid items-stretch gap-8 lg:grid-cols-3 lg:gap-6">
          {PLANS.map((plan) => (
            <PlanCard key={plan.key} plan={plan} />
          ))}
        </ul>
        <p className="mt-10 text-center text-sm text-muted-foreground">{t('pricing.netNote')}</p>
      </section>
      <Section id="pricing-faq-title" title={t('pricing.faq.title')} band>
        <div className="mx-auto max-w-3xl">
          <FaqAccordion group="pricing" items={faq} openItem={openItem} onOpenItemChange={setOpenItem} />
        </div>
      </Section>
    </>
  );
}

export default Component;

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: [NAMESPACE] };
