import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COMPANY } from '@/config/constants';
import { marketingNav, paths, useLocalizedHref } from '@/config/paths';
import { AccountLink } from './auth-button';
import { LogoMark } from './logo';
import { NAV_LABELS } from './nav-labels';

/** A simplified EU emblem: twelve stars on blue. */
function EuFlag() {
  const stars = Array.from({ length: 12 }, (_, i) => {
    const angle = (i * Math.PI) / 6;
    return { x: 30 + 13 * Math.sin(angle), y: 20 - 13 * Math.cos(angle) };
  });
  return (
    <svg viewBox="0 0 60 40" aria-hidden="true" className="h-8 w-12 shrink-0 rounded-[2px]">
      <rect width="60" height="40" fill="#003399" />
      {stars.map((s, i) => (
        <circle key={i} cx={s.x.toFixed(2)} cy={s.y.toFixed(2)} r="1.9" fill="#ffcc00" />
      ))}
    </svg>
  );
}

export function Footer() {
  const { t } = useTranslation('common');
  const href = useLocalizedHref();
  const year = new Date().getFullYear();
  const linkClass =
    'rounded-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline';

  return (
    <footer className="mt-auto border-t border-border bg-card">
      <div className="mx-auto grid max-w-(--container-page) gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-4 lg:col-span-2">
          <Link
            to={href(paths.home.getHref())}
            className="flex w-fit items-center gap-2 rounded-md text-lg font-bold"
          >
            <LogoMark />
            <span>{t('appName')}</span>
          </Link>
          <p className="max-w-sm text-sm text-muted-foreground">{t('tagline')}</p>
          <div className="flex max-w-md items-start gap-3 rounded-lg border border-border bg-background p-3">
            <EuFlag />
            <p className="text-xs leading-relaxed text-muted-foreground">
              <span className="block font-semibold text-foreground">{t('footer.euLabel')}</span>
              {t('footer.euNotice')}
            </p>
          </div>
        </div>

        <nav aria-labelledby="footer-nav-title">
          <h2 id="footer-nav-title" className="mb-3 text-sm font-semibold">
            {t('footer.navTitle')}
          </h2>
          <ul className="flex flex-col gap-2 text-sm">
            {marketingNav.map((item) => (
              <li key={item.key}>
                <Link to={href(item.href)} className={linkClass}>
                  {t(NAV_LABELS[item.key])}
                </Link>
              </li>
            ))}
            <li>
              <Link to={href(paths.board.getHref())} className={linkClass}>
                {t('footer.board')}
              </Link>
            </li>
            <li>
              <AccountLink className={linkClass} />
            </li>
          </ul>
        </nav>

        <div className="flex flex-col gap-6">
          <section aria-labelledby="footer-legal-title">
            <h2 id="footer-legal-title" className="mb-3 text-sm font-semibold">
              {t('footer.legalTitle')}
            </h2>
            <ul className="flex flex-col gap-2 text-sm">
              <li>
                <Link to={href(paths.terms.getHref())} className={linkClass}>
                  {t('footer.terms')}
                </Link>
              </li>
              <li>
                <Link to={href(paths.privacy.getHref())} className={linkClass}>
                  {t('footer.privacy')}
                </Link>
              </li>
              <li>
                <Link to={href(paths.accessibility.getHref())} className={linkClass}>
                  {t('footer.accessibility')}
                </Link>
              </li>
            </ul>
          </section>
          <section aria-labelledby="footer-company-title">
            <h2 id="footer-company-title" className="mb-3 text-sm font-semibold">
              {t('footer.companyTitle')}
            </h2>
            <address className="flex flex-col gap-1 text-sm text-muted-foreground not-italic">
              <span className="font-medium text-foreground">{COMPANY.name}</span>
              <span>{COMPANY.street}</span>
              <span>
                {COMPANY.postcode} {COMPANY.city}
              </span>
              <span>
                {t('footer.krs')}: {COMPANY.krs}
              </span>
              <span>
                {t('footer.nip')}: {COMPANY.nip}
              </span>
              <span>
                {t('footer.regon')}: {COMPANY.regon}
              </span>
              <a href={`mailto:${COMPANY.email}`} className={linkClass}>
                {COMPANY.email}
              </a>
            </address>
          </section>
        </div>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-(--container-page) px-4 py-5 text-xs text-muted-foreground sm:px-6">
          © {year} {COMPANY.name} {t('footer.rights')}
        </p>
      </div>
    </footer>
  );
}
