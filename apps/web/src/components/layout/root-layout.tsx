import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { MAIN_CONTENT_ID } from '@/config/constants';
import { CookieConsent } from '@/features/consent/components/cookie-consent';
import { Footer } from './footer';
import { Header } from './header';
import { useNonce } from '@/lib/nonce';
import { SandboxMarker } from './sandbox-marker';


/** The page frame; `children` in place of the matched page (the framework's error boundary). */
export function RootLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('common');
  const nonce = useNonce();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('skipLink')}
      </a>
      <CookieConsent />
      <SandboxMarker />
      <Header />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {children ?? <Outlet />}
      </main>
      <Footer />
      <ScrollRestoration nonce={nonce} />
    </div>
  );
}
