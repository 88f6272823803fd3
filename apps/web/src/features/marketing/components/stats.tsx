import { useTranslation } from 'react-i18next';
import { formatCountPlus, toLanguage } from '../lib/format';

/** The claimed figures of spec section 1 (texts in common.json: the about and law-firm pages show them). */
export const STATS = [
  { key: 'lawyers', value: 5000, label: 'marketing.stats.lawyers' },
  { key: 'firms', value: 500, label: 'marketing.stats.firms' },
  { key: 'cases', value: 50000, label: 'marketing.stats.cases' },
] as const;

export function Stats() {
  const { t, i18n } = useTranslation('common');
  const language = toLanguage(i18n.language);
  return (
    <section
      aria-label={t('marketing.statsLabel')}
      className="bg-primary text-primary-foreground dark:bg-secondary dark:text-secondary-foreground"
    >
      <dl className="mx-auto grid max-w-(--container-page) gap-8 px-4 py-12 text-center sm:grid-cols-3 sm:px-6">
        {STATS.map(({ key, value, label }) => (
          <div key={key} className="flex flex-col-reverse gap-1">
            <dt className="text-base opacity-90">{t(label)}</dt>
            <dd className="text-4xl font-bold tracking-tight tabular-nums sm:text-5xl">
              {formatCountPlus(value, language)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
