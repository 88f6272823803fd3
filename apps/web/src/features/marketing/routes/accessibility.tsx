import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { useLanguage } from '@/lib/use-language';
import { usePublicConfig } from '@/lib/public-config';
import { PageHero } from '../components/page-hero';

/** This page's texts, marketing-accessibility.json in each language's locales folder: a page loads only its own. */
const NAMESPACE = 'marketing-accessibility';

/**
 * The day the statement was prepared and last reviewed (issue 25). Move REVIEWED_ON when the
 * statement is checked again; the statement says both.
 */
export const STATEMENT_PREPARED_ON = '2026-11-24';
export const STATEMENT_REVIEWED_ON = '2026-11-24';

const CHECKS = ['axe', 'keyboard', 'screenReader', 'display'] as const;
const LIMITS = ['pdf', 'external', 'userTesting'] as const;

function longDate(isoDay: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'pl-PL', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDay}T00:00:00Z`));
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /accessibility: the accessibility statement the European Accessibility Act asks for (issue 25). */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const { supportEmail } = usePublicConfig();
  const list = 'flex list-disc flex-col gap-2 pl-5 marker:text-muted-foreground';

  return (
    <>
      <PageMeta title={t('accessibility.meta.title')} description={t('accessibility.meta.description')} />
      <PageHero
        eyebrow={t('accessibility.hero.eyebrow')}
        title={t('accessibility.hero.title')}
        lead={t('accessibility.hero.lead')}
      />
      <div className="mx-auto w-full max-w-(--container-page) px-4 py-14 sm:px-6 sm:py-20">
        <div className="flex max-w-3xl flex-col gap-12 text-pretty">
          <Part id="a11y-standard" title={t('accessibility.standard.title')}>
            <p className="text-lg">{t('accessibility.standard.p1')}</p>
            <p className="text-muted-foreground">{t('accessibility.standard.p2')}</p>
          </Part>
          {(
            [
              ['checks', CHECKS],
              ['limits', LIMITS],
            ] as const
          ).map(([part, keys]) => (
            <Part key={part} id={`a11y-${part}`} title={t(`accessibility.${part}.title`)}>
              <ul className={list}>
                {keys.map((key) => (
                  <li key={key}>{t(`accessibility.${part}.${key}`)}</li>
                ))}
              </ul>
            </Part>
          ))}
          <Part id="a11y-contact" title={t('accessibility.contact.title')}>
            <p>{t('accessibility.contact.p1')}</p>
            <p>
              {t('accessibility.contact.email')}{' '}
              <a
                href={`mailto:${supportEmail}`}
                className="font-medium break-all text-primary underline underline-offset-4"
              >
                {supportEmail}
              </a>
            </p>
            <p className="text-muted-foreground">{t('accessibility.contact.p2')}</p>
          </Part>
          <Part id="a11y-date" title={t('accessibility.date.title')}>
            <p>{t('accessibility.date.prepared', { date: longDate(STATEMENT_PREPARED_ON, language) })}</p>
            <p>{t('accessibility.date.reviewed', { date: longDate(STATEMENT_REVIEWED_ON, language) })}</p>
          </Part>
        </div>
      </div>
    </>
  );
}

export default Component;

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: [NAMESPACE] };
