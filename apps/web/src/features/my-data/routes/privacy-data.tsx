import { RETENTION, retentionRules } from '@substytut/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageMeta } from '@/components/seo/page-meta';
import { documents, paths, useLocalizedHref } from '@/config/paths';
import { useLanguage } from '@/lib/use-language';

/**
 * The privacy policy's HTML part (the policy itself is a dated PDF, spec: /privacy): the rights
 * of a lawyer and of a payer, how to use them here, and the retention periods, printed from the
 * same constants the deletion code reads (packages/shared retention.ts).
 */
export function Component() {
  const { t } = useTranslation('my-data');
  const language = useLanguage();
  const href = useLocalizedHref();
  const rules = retentionRules(language);
  return (
    <>
      <PageMeta title={t('privacy.title')} description={t('privacy.description')} />
      <article className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-12 sm:py-16">
        <header className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{t('privacy.title')}</h1>
          <p className="text-muted-foreground">
            {t('privacy.intro')}{' '}
            <a className="underline underline-offset-4" href={documents.privacy[language]}>
              {t('privacy.pdf')}
            </a>
          </p>
        </header>
        <section className="flex flex-col gap-2" aria-labelledby="privacy-lawyers">
          <h2 id="privacy-lawyers" className="text-xl font-semibold">
            {t('privacy.lawyers.title')}
          </h2>
          <p>{t('privacy.lawyers.export', { hours: RETENTION.exportLinkHours })}</p>
          <p>{t('privacy.lawyers.delete')}</p>
          <p>
            <Link className="underline underline-offset-4" to={href(paths.dashboard.data.getHref())}>
              {t('privacy.lawyers.link')}
            </Link>
          </p>
        </section>
        <section className="flex flex-col gap-2" aria-labelledby="privacy-payers">
          <h2 id="privacy-payers" className="text-xl font-semibold">
            {t('privacy.payers.title')}
          </h2>
          <p>{t('privacy.payers.body', { hours: RETENTION.dataRequestLinkHours })}</p>
          <p>
            <Link className="underline underline-offset-4" to={href(paths.myData.getHref())}>
              {t('privacy.payers.link')}
            </Link>
          </p>
        </section>
        <section className="flex flex-col gap-3" aria-labelledby="privacy-retention">
          <h2 id="privacy-retention" className="text-xl font-semibold">
            {t('privacy.retention.title')}
          </h2>
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-left text-sm">
              <thead>
                <tr className="border-b border-border">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {t('privacy.retention.what')}
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    {t('privacy.retention.kept')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rules.map((rule) => (
                  <tr key={rule.what} className="border-b border-border align-top">
                    <td className="py-2 pr-4">{rule.what}</td>
                    <td className="py-2">{rule.kept}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-sm text-muted-foreground">{t('privacy.retention.law')}</p>
        </section>
      </article>
    </>
  );
}

export default Component;

export const handle = { i18n: ['my-data'] };
