import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders, createQueryClient } from '@/app/providers';
import { createRoutes } from '@/app/router';
import { getPathLanguage, paths, withLanguage } from '@/config/paths';
import { ensureCsrf, setUnauthorizedHandler } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { createI18n } from '@/lib/i18n';
import { detectBrowserLanguage } from '@/lib/language-detection';
import { readServerData, ServerDataProvider } from '@/lib/server-data';

/**
 * Lazy routes matched by the first URL are loaded before rendering, so a prerendered page
 * hydrates against the same tree the server produced instead of an empty fallback.
 */
async function resolveLazyMatches(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  // Requesting a route's code adds a preload link per file it needs: a task of its own.
  await yieldToBrowser();
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}

/**
 * Ends the current task so the browser can paint and handle input: start-up runs as several short
 * tasks instead of one long one (a phone would otherwise ignore taps for its whole length).
 */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * Renders the app into the page: hydrates the prerendered markup, or replaces it when it was
 * rendered for another address or language. Resolves once the page is live.
 */
export async function startApp(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');

  const { pathname } = window.location;
  const language = detectBrowserLanguage(pathname);
  document.documentElement.lang = language;
  const i18n = createI18n(language);
  // The rest runs after the task that evaluated the app's modules.
  await yieldToBrowser();
  const queryClient = createQueryClient();
  const routes = createRoutes();
  // The page's code and its translations (fetched by the routes' lazy functions), and the
  // layout's translations, all before the first render: hydration must match the prerender.
  await Promise.all([i18n.ready, resolveLazyMatches(routes, pathname)]);
  // The server (see scripts/prerender.mjs) records which page and language it rendered. The same
  // HTML file can be served for another address (the SPA fallback) or the visitor's language may
  // differ on an unprefixed address; then the markup is replaced rather than hydrated.
  const rendered = container.dataset.prerendered;
  const hydrate =
    container.hasChildNodes() &&
    rendered !== undefined &&
    trimSlash(rendered) === trimSlash(pathname) &&
    container.dataset.lang === language;
  // Hydration data (there are no loaders, so none is needed) tells the router the page came from
  // the server: it then leaves the first scroll position to the browser instead of scrolling to
  // the top, since a static page may start once the visitor has scrolled (hydrate-on-intent.ts).
  const router = createBrowserRouter(routes, hydrate ? { hydrationData: {} } : undefined);
  await yieldToBrowser();
  // Code runs slowest the first time (it is compiled then) and the class merger builds its tables
  // on first use: each warms up in a task of its own, so hydration's tasks stay short.
  cn('p-0', 'p-1');
  await yieldToBrowser();
  i18n.t('appName');
  await yieldToBrowser();

  // A 401 anywhere leads to /auth within the app, keeping the current language prefix.
  setUnauthorizedHandler(() => {
    const current = router.state.location.pathname;
    const target = withLanguage(paths.auth.root.getHref(), getPathLanguage(current));
    if (!current.startsWith(target)) void router.navigate(target);
  });
  void ensureCsrf().catch(() => undefined);

  let committed = () => undefined as void;
  const firstCommit = new Promise<void>((resolve) => {
    committed = resolve;
  });
  const app = (
    <StrictMode>
      <OnCommit run={committed} />
      <AppProviders i18n={i18n} queryClient={queryClient}>
        <ServerDataProvider value={readServerData(document)}>
          <RouterProvider router={router} />
        </ServerDataProvider>
      </AppProviders>
    </StrictMode>
  );

  // React inserts its own head tags; the prerendered copies exist for crawlers and first paint.
  for (const node of document.head.querySelectorAll('[data-prerendered-head]')) node.remove();
  if (hydrate) {
    // React 19 hydrates concurrently, yielding to the browser between slices of work.
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.error('hydration', error),
    });
  } else {
    container.textContent = '';
    createRoot(container).render(app);
  }
  // Buttons pressed before the app ran are pressed again once React has taken over the page.
  await firstCommit;
}

/** Calls `run` once the tree it sits in has been committed (hydrated or rendered). */
function OnCommit({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}
