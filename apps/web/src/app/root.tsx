import { lazy, use, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useRouteLoaderData,
} from 'react-router';
import type { i18n as I18n } from 'i18next';
import stylesheet from '@/styles/index.css?url';
import { RootLayout } from '@/components/layout/root-layout';
import { getPathLanguage, paths, withLanguage, type Language } from '@/config/paths';
import { ensureCsrf, setUnauthorizedHandler } from '@/lib/api-client';
import { browserI18n, createI18n, handleNamespaces, preloadLocaleFiles } from '@/lib/i18n';
import { InlineStylesheet } from '@/lib/inline-stylesheet';
import { useNonce } from '@/lib/nonce';
import { createPublicConfigStore, parsePublicConfig } from '@/lib/public-config';
import { HEAD_SCRIPT, pressesLive } from './head-script';
import { PageScripts } from './page-scripts';
import { PageTexts } from './page-texts';
import { AppProviders } from './providers';
import { loadContext } from './load-context';
import { requestLanguage } from './request-language';
import { publicLinksFromEnv } from '@substytut/shared/public-defaults';

/**
 * The document of every page (decision 016): React renders <html> itself, so `lang`, the head
 * tags (React 19 hoists each page's <title>, <meta> and <link>) and the scripts are in the HTML
 * the server sends, prerendered or not.
 */

export function loader({ request, context }: { request: Request; context: unknown }) {
  const { publicConfig } = loadContext(context);
  return {
    language: requestLanguage(request),
    publicConfig: publicConfig ?? null,
    // A prerendered page has no server context: it shows the links of the configuration the build
    // ran with, which the server checks against its own before it sends the file (web-framework.ts).
    publicLinks: publicConfig ? null : publicLinksFromEnv(process.env),
  };
}

/** The language and configuration do not change while the app runs: no refetch per navigation. */
export function shouldRevalidate() {
  return false;
}

type RootData = ReturnType<typeof loader>;

function usePageLanguage(): Language {
  const data = useRouteLoaderData<RootData>('root');
  const { pathname } = useLocation();
  return getPathLanguage(pathname) ?? data?.language ?? 'pl';
}

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

const pendingNamespaces = new Map<string, Promise<unknown>>();

/**
 * A page's translation namespaces (its route module's `handle.i18n`) are there before it renders:
 * the server has them all, the first page carries its own in its HTML (page-texts.tsx, read by
 * entry.client.tsx before hydrating), and a later
 * navigation suspends (inside the router's transition, so the old page stays) until they arrive.
 */
function useRouteNamespaces(i18n: I18n): void {
  const matches = useMatches();
  const missing = handleNamespaces(matches.map((match) => match.handle)).filter(
    (namespace) => !i18n.hasLoadedNamespace(namespace),
  );
  if (missing.length === 0) return;
  const key = `${i18n.language}:${[...new Set(missing)].sort().join(',')}`;
  let pending = pendingNamespaces.get(key);
  if (!pending) {
    pending = i18n.loadNamespaces(missing);
    pendingNamespaces.set(key, pending);
  }
  use(pending);
}

function AppShell({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  const language = usePageLanguage();
  const [i18n] = useState(() => browserI18n() ?? createI18n(language));
  // A page the server rendered on request has the configuration; a prerendered one asks for it.
  const [publicConfig] = useState(() =>
    createPublicConfigStore(data?.publicConfig ? parsePublicConfig(data.publicConfig) : null),
  );
  // Before paint, so a language switch never shows a frame of the old language.
  useIsomorphicLayoutEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [i18n, language]);
  return (
    <AppProviders i18n={i18n} publicConfig={publicConfig}>
      <Translated i18n={i18n}>{children}</Translated>
    </AppProviders>
  );
}

function Translated({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  useRouteNamespaces(i18n);
  usePreloadedLocaleFiles();
  return children;
}

/**
 * The first page's texts came with its HTML, so the map of translation files loads on first use
 * (decision 074). A navigation starts it while the next page's code loads: the URL changes before
 * the next page's texts are there, and until they are the old page stays on screen.
 */
function usePreloadedLocaleFiles(): void {
  const navigating = useNavigation().state !== 'idle';
  useEffect(() => {
    if (navigating) preloadLocaleFiles();
  }, [navigating]);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<RootData>('root');
  const language = usePageLanguage();
  const sandbox = data?.publicConfig ? parsePublicConfig(data.publicConfig).sandbox : false;
  return (
    // The head script sets the theme class and the consent flag before React runs.
    <html lang={language} data-sandbox={sandbox ? '' : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d3461" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        {/* The server's document carries the script; React does not touch a hydrated script's
            text, so the browser's bundle leaves it out. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? HEAD_SCRIPT : '' }}
        />
        <InlineStylesheet href={stylesheet} />
        <Meta />
        <Links />
      </head>
      <body>
        <AppShell>{children}</AppShell>
        <PressesLive />
        <PageTexts language={language} />
        <PageScripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The page is live: the presses the head script held until now are pressed again, once, and later
 * ones reach React directly (decision 064). After every effect of the first render (a page setting
 * its initial state would undo a press), on every page, the error boundary's too.
 */
function PressesLive() {
  useEffect(() => {
    const live = setTimeout(pressesLive);
    return () => clearTimeout(live);
  }, []);
  return null;
}

/** A 401 anywhere leads to /auth within the app, keeping the current language prefix. */
function SessionWatch() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      const target = withLanguage(paths.auth.root.getHref(), getPathLanguage(window.location.pathname));
      if (!window.location.pathname.startsWith(target)) void navigate(target);
    });
    void ensureCsrf().catch(() => undefined);
    // The page is live: what the browser tests wait for before testing client-side navigation.
    document.documentElement.setAttribute('data-hydrated', '');
    return () => {
      setUnauthorizedHandler(null);
    };
  }, [navigate]);
  return null;
}

export default function App() {
  return (
    <>
      <SessionWatch />
      <Outlet />
    </>
  );
}

// Only a failed page shows it: its module (with its icons) loads then, not with every page. A page
// that is served failed waits for it before hydrating (no Suspense boundary: the server's HTML stays).
const NotFound = lazy(() => import('@/features/errors/routes/not-found').then((m) => ({ default: m.Component })));

/** A profile that is not there (404 from a loader) or any other failure shows the not-found page. */
export function ErrorBoundary({ error }: { error: unknown }) {
  if (!(isRouteErrorResponse(error) && error.status === 404)) console.error(error);
  return (
    <RootLayout>
      <NotFound />
    </RootLayout>
  );
}
