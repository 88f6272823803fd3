import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/seo/page-meta';
import { LinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';
import { CtaBanner } from '../components/cta-banner';
import { FaqAccordion } from '../components/faq-accordion';
import { PageHero } from '../components/page-hero';
import { useList, type QuestionAnswer } from '../lib/use-list';

/** This page's texts, marketing-faq.json in each language's locales folder: a page loads only its own. */
const NAMESPACE = 'marketing-faq';

const SECTIONS = [
  { key: 'general', title: 'faq.sections.general.title', items: 'faq.sections.general.items' },
  { key: 'lawyers', title: 'faq.sections.lawyers.title', items: 'faq.sections.lawyers.items' },
  { key: 'firms', title: 'faq.sections.firms.title', items: 'faq.sections.firms.items' },
  { key: 'payments', title: 'faq.sections.payments.title', items: 'faq.sections.payments.items' },
  { key: 'technical', title: 'faq.sections.technical.title', items: 'faq.sections.technical.items' },
] as const;

function FaqSection({
  section,
  openItem,
  onOpenItemChange,
}: {
  section: (typeof SECTIONS)[number];
  openItem: string;
  onOpenItemChange: (value: string) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const items = useList<QuestionAnswer>(NAMESPACE, section.items);
  const id = `faq-${section.key}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {t(section.title)}
      </h2>
      <FaqAccordion
        group={section.key}
        items={items}
        openItem={openItem}
        onOpenItemChange={onOpenItemChange}
      />
    </section>
  );
}

export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const href = useLocalizedHref();
  // One answer open on the whole page, across all five sections.
  const [openItem, setOpenItem] = useState('');

  return (
    <>
      <PageMeta title={t('faq.meta.title')} description={t('faq.meta.description')} />
      <PageHero eyebrow={t('faq.hero.eyebrow')} title={t('faq.hero.title')} lead={t('faq.hero.lead')} />
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-12 px-4 py-16 sm:px-6">
        {SECTIONS.map((section) => (
          <FaqSection
            key={section.key}
            section={section}
            openItem={openItem}
            onOpenItemChange={setOpenItem}
          />
        ))}
      </div>
      <CtaBanner id="faq-cta-title" title={t('faq.cta.title')} description={t('faq.cta.description')}>
        <LinkButton to={href(paths.contact.getHref())} variant="accent" size="lg">
          <Mail aria-hidden="true" />
          {t('faq.cta.button')}
        </LinkButton>
      </CtaBanner>
    </>
  );
}

export default Component;

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: [NAMESPACE] };
