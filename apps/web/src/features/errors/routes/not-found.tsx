import { ArrowLeft, Home, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageMeta } from '@/components/seo/page-meta';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { NOT_FOUND_REDIRECT_MS } from '@/config/constants';
import { paths, useLocalizedHref } from '@/config/paths';

/** The previous entry of this tab is a page of this site (a new tab has no entry to go back to). */
function cameFromThisSite(): boolean {
  if (window.history.length < 2 || !document.referrer) return false;
  try {
    const from = new URL(document.referrer);
    return from.origin === window.location.origin && from.href !== window.location.href;
  } catch {
    return false;
  }
}

export function Component() {
  // Its texts are in common.json: an error can show on any page, and the error catalogue (the
  // `errors` namespace) loads only where a form or a failed call needs it (decision 055).
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const href = useLocalizedHref();
  const home = href(paths.home.getHref());
  // The spec's redirect after 5 s is a time limit (WCAG 2.2.1, which /accessibility claims): a
  // visible button turns it off, and so does any key or click on the page, so that a keyboard or
  // screen-reader visitor still reading it is not taken away (issue 34).
  const [staying, setStaying] = useState(false);

  useEffect(() => {
    if (staying) return;
    const timer = window.setTimeout(() => {
      void navigate(home, { replace: true });
    }, NOT_FOUND_REDIRECT_MS);
    const stay = () => setStaying(true);
    window.addEventListener('keydown', stay);
    window.addEventListener('pointerdown', stay);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('keydown', stay);
      window.removeEventListener('pointerdown', stay);
    };
  }, [navigate, home, staying]);

  // Back goes back when the visitor came from this site: by a navigation inside the app, or by a
  // page of the site that loaded this one (a typed link, a reload). Otherwise there is nothing of
  // ours to go back to, and Back means home.
  const goBack = () => {
    const state: unknown = window.history.state;
    const index = state && typeof state === 'object' && 'idx' in state ? Number(state.idx) : 0;
    if (index > 0) void navigate(-1);
    else if (cameFromThisSite()) window.history.back();
    else void navigate(home);
  };

  return (
    <>
      <PageMeta title={t('notFoundPage.title')} description={t('notFoundPage.description')} noindex />
      <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center gap-5 px-4 py-20 text-center sm:py-28">
        <span className="flex size-16 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
          <SearchX aria-hidden="true" className="size-8" />
        </span>
        <p className="text-sm font-semibold tracking-wide text-accent-text uppercase">
          {t('notFoundPage.code')}
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {t('notFoundPage.title')}
        </h1>
        <p className="max-w-prose text-muted-foreground">{t('notFoundPage.description')}</p>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <LinkButton to={home} size="lg">
            <Home aria-hidden="true" />
            {t('notFoundPage.home')}
          </LinkButton>
          <Button variant="outline" size="lg" onClick={goBack}>
            <ArrowLeft aria-hidden="true" />
            {t('notFoundPage.back')}
          </Button>
        </div>
        <div className="flex flex-col items-center gap-2 sm:flex-row sm:gap-3">
          <p role="status" className="text-sm text-muted-foreground">
            {t(staying ? 'notFoundPage.stayed' : 'notFoundPage.redirect')}
          </p>
          {!staying && (
            <Button variant="link" size="sm" onClick={() => setStaying(true)}>
              {t('notFoundPage.stay')}
            </Button>
          )}
        </div>
      </section>
    </>
  );
}

export default Component;
