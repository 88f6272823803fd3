import {
  ArrowRight,
  BadgeCheck,
  CalendarCheck,
  CreditCard,
  FileText,
  IdCard,
  Receipt,
  ShieldCheck,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ExternalLinkButton } from '@/components/ui/link-button';
import { usePublicConfig } from '@/lib/public-config';
import { CtaBanner } from '../components/cta-banner';
import { IconCards, type IconCardItem } from '../components/icon-cards';

/** This page's texts, marketing-home.json in each language's locales folder: a page loads only its own. */
const NAMESPACE = 'marketing-home';

const FEATURES: readonly IconCardItem[] = [
  {
    title: 'home.features.businessCard.title',
    description: 'home.features.businessCard.description',
    Icon: IdCard,
  },
  { title: 'home.features.offers.title', description: 'home.features.offers.description', Icon: FileText },
  {
    title: 'home.features.payments.title',
    description: 'home.features.payments.description',
    Icon: CreditCard,
  },
];

const STEPS: readonly { title: string; description: string }[] = [
  { title: 'home.steps.profile.title', description: 'home.steps.profile.description' },
  { title: 'home.steps.offer.title', description: 'home.steps.offer.description' },
  { title: 'home.steps.job.title', description: 'home.steps.job.description' },
  { title: 'home.steps.payment.title', description: 'home.steps.payment.description' },
];

const POINTS: readonly { label: string; Icon: LucideIcon }[] = [
  { label: 'home.hero.point1', Icon: ShieldCheck },
  { label: 'home.hero.point2', Icon: Receipt },
  { label: 'home.hero.point3', Icon: Wallet },
];

/** A static illustration of what a client sees; it is not live data. */
function SampleOfferCard() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <figure aria-label={t('home.card.label')} className="relative mx-auto w-full max-w-sm">
      <div aria-hidden="true" className="absolute -inset-4 -z-10 rounded-3xl bg-accent/25 blur-2xl" />
      <Card shadow="xl" className="overflow-hidden">
        <div className="flex items-center gap-3 border-b border-border bg-secondary/60 px-5 py-4">
          <div
            aria-hidden="true"
            className="flex size-11 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
          >
            AK
          </div>
          <div className="min-w-0">
            <p className="flex items-center gap-1 font-semibold">
              adw. Anna Kowalska
              <BadgeCheck aria-hidden="true" className="size-4 text-primary" />
            </p>
            <p className="truncate text-xs text-muted-foreground">Izba Adwokacka w Warszawie</p>
          </div>
        </div>
        <div className="flex flex-col gap-4 p-5">
          <div className="flex items-start justify-between gap-3">
            <figcaption className="text-sm font-medium">{t('home.card.title')}</figcaption>
            <Badge variant="warning" className="shrink-0">
              {t('home.card.status')}
            </Badge>
          </div>
          <dl className="grid grid-cols-2 gap-3 rounded-lg bg-muted p-3">
            <div>
              <dt className="text-xs text-muted-foreground">{t('home.card.net')}</dt>
              <dd className="text-lg font-semibold tabular-nums">{t('home.card.netValue')}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{t('home.card.gross')}</dt>
              <dd className="text-lg font-semibold tabular-nums">{t('home.card.grossValue')}</dd>
            </div>
          </dl>
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <CreditCard aria-hidden="true" className="size-4" />
            {t('home.card.methods')}
          </p>
        </div>
      </Card>
    </figure>
  );
}

export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const { bookingUrl } = usePublicConfig();

  return (
    <>
      <PageMeta title={t('home.meta.title')} description={t('home.meta.description')} />
      <section
        aria-labelledby="hero-title"
        className="border-b border-border bg-linear-to-b from-hero-from to-hero-to"
      >
        <div className="mx-auto grid max-w-(--container-page) items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.15fr_1fr] lg:py-24">
          <div className="flex flex-col gap-6">
            <p className="text-sm font-semibold tracking-wide text-accent-text uppercase">
              {t('home.hero.eyebrow')}
            </p>
            <h1
              id="hero-title"
              className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
            >
              {t('home.hero.title')}
            </h1>
            <p className="max-w-xl text-lg text-pretty text-muted-foreground">{t('home.hero.lead')}</p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <ExternalLinkButton href={bookingUrl} rel="noopener" size="lg">
                <CalendarCheck aria-hidden="true" />
                {t('home.hero.primary')}
              </ExternalLinkButton>
              <ExternalLinkButton href="#how-it-works" variant="outline" size="lg">
                {t('home.hero.secondary')}
                <ArrowRight aria-hidden="true" />
              </ExternalLinkButton>
            </div>
            <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
              {POINTS.map(({ label, Icon }) => (
                <li key={label} className="flex items-center gap-2">
                  <Icon aria-hidden="true" className="size-4 text-success" />
                  {t(label)}
                </li>
              ))}
            </ul>
          </div>
          <SampleOfferCard />
        </div>
      </section>
      <section
        aria-labelledby="features-title"
        className="mx-auto w-full max-w-(--container-page) px-4 py-16 sm:px-6 sm:py-24"
      >
        <div className="mx-auto mb-12 max-w-2xl text-center">
          <h2 id="features-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {t('home.features.title')}
          </h2>
          <p className="mt-4 text-muted-foreground">{t('home.features.lead')}</p>
        </div>
        <IconCards namespace={NAMESPACE} items={FEATURES} columns="md-3" raised />
      </section>
      <section id="how-it-works" aria-labelledby="steps-title" className="border-y border-border bg-card">
        <div className="mx-auto max-w-(--container-page) px-4 py-16 sm:px-6 sm:py-24">
          <div className="mx-auto mb-12 max-w-2xl text-center">
            <h2 id="steps-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {t('home.steps.title')}
            </h2>
            <p className="mt-4 text-muted-foreground">{t('home.steps.lead')}</p>
          </div>
          <ol className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map(({ title, description }, index) => (
              <li key={title} className="relative flex flex-col gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-10 items-center justify-center rounded-full bg-primary text-base font-bold text-primary-foreground"
                >
                  {index + 1}
                </span>
                <h3 className="text-lg font-semibold">{t(title)}</h3>
                <p className="text-muted-foreground">{t(description)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <CtaBanner id="home-cta-title" title={t('home.cta.title')} description={t('home.cta.description')}>
        <ExternalLinkButton href={bookingUrl} rel="noopener" variant="accent" size="lg">
          <CalendarCheck aria-hidden="true" />
          {t('home.cta.button')}
        </ExternalLinkButton>
      </CtaBanner>
    </>
  );
}

export default Component;

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: [NAMESPACE] };
