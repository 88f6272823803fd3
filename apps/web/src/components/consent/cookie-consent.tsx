import { Cookie } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ExternalLinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';
import { CONSENT_PENDING_ATTRIBUTE, DECLINE_URL, hasConsent, storeConsent } from './consent-cookie';

/**
 * A non-modal banner at the bottom of every page until the consent cookie exists; it never hides
 * or traps the rest of the page. It is in every page's first markup, so a static page shows it
 * before the app runs (docs/decisions/010-hydrate-on-intent.md); the stylesheet hides it unless
 * the script in index.html's head found no consent cookie (CONSENT_PENDING_ATTRIBUTE), so it
 * never flashes at visitors who already agreed. After mount it stays only while the cookie is
 * missing. While shown, the body gets bottom padding of the banner's height so no content stays
 * hidden underneath it.
 */
export function CookieConsent() {
  const { t } = useTranslation('common');
  const href = useLocalizedHref();
  const [open, setOpen] = useState(true);
  const banner = useRef<HTMLElement>(null);

  useEffect(() => {
    setOpen(!hasConsent());
  }, []);

  // A layout effect: the padding is in place before the banner is first painted, so it never
  // covers the end of the page, not even for a frame.
  useLayoutEffect(() => {
    const element = banner.current;
    if (!open || !element) return;
    const body = document.body;
    const update = () => {
      body.style.paddingBottom = `${element.offsetHeight}px`;
    };
    update();
    if (typeof ResizeObserver === 'undefined') {
      return () => {
        body.style.paddingBottom = '';
      };
    }
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      body.style.paddingBottom = '';
    };
  }, [open]);

  if (!open) return null;

  return (
    <section
      ref={banner}
      data-consent-banner=""
      aria-labelledby="cookie-consent-title"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card/95 shadow-[0_-8px_24px_rgb(0_0_0/0.08)] backdrop-blur supports-[backdrop-filter]:bg-card/90"
    >
      <div className="mx-auto flex max-w-(--container-page) flex-col gap-3 px-4 py-4 sm:px-6 md:flex-row md:items-center md:gap-6">
        <div className="flex items-start gap-3">
          <Cookie aria-hidden="true" className="mt-0.5 hidden size-5 shrink-0 text-accent-text sm:block" />
          <div className="text-sm">
            <h2 id="cookie-consent-title" className="font-semibold">
              {t('consent.title')}
            </h2>
            <p className="mt-1 text-muted-foreground">
              {t('consent.description')}{' '}
              <Link
                to={href(paths.privacy.getHref())}
                className="font-medium text-primary underline underline-offset-4"
              >
                {t('consent.privacy')}
              </Link>
            </p>
          </div>
        </div>
        <div className="flex shrink-0 gap-2 md:ml-auto">
          <ExternalLinkButton
            href={DECLINE_URL}
            rel="noopener"
            variant="outline"
            size="sm"
            className="grow basis-0 md:grow-0 md:basis-auto"
          >
            {t('consent.decline')}
          </ExternalLinkButton>
          <Button
            size="sm"
            className="grow basis-0 md:grow-0 md:basis-auto"
            onClick={() => {
              storeConsent();
              document.documentElement.removeAttribute(CONSENT_PENDING_ATTRIBUTE);
              setOpen(false);
            }}
          >
            {t('consent.accept')}
          </Button>
        </div>
      </div>
    </section>
  );
}
