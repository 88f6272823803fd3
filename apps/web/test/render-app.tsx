import { render } from '@testing-library/react';
import { useLayoutEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import routes from '@/app/routes';
import { getPathLanguage } from '@/config/paths';
import { createI18n } from '@/lib/i18n';
import { detectBrowserLanguage } from './browser-language';

/** The route list's modules, all at hand (tests render synchronously). */
const modules = import.meta.glob<RouteModule>(
  // Not the entries or the document: entry.client.tsx hydrates the document when it is imported.
  [
    '../src/app/routes/**/*.tsx',
    '../src/app/layouts/*.tsx',
    '../src/features/*/routes/*.tsx',
    '!**/*.test.tsx',
  ],
  {
    eager: true,
  },
);

interface RouteModule {
  default?: ComponentType;
  clientLoader?: RouteObject['loader'];
  handle?: unknown;
}

interface Entry {
  id?: string;
  path?: string;
  index?: boolean;
  file: string;
  children?: Entry[];
}

function moduleKey(file: string): string {
  const url = new URL(file, 'http://x/src/app/');
  return `..${url.pathname}`;
}

/** routes.ts as a data router's route objects, with the browser's loaders. */
function toRouteObjects(entries: Entry[]): RouteObject[] {
  return entries.map((entry) => {
    const module = modules[moduleKey(entry.file)];
    if (!module) throw new Error(`no module for ${entry.file}`);
    const route = {
      id: entry.id,
      Component: module.default ?? null,
      // Server loaders run on the server only (status codes, redirects of document requests).
      loader: module.clientLoader,
      handle: module.handle,
    };
    return entry.index
      ? { ...route, index: true as const }
      : { ...route, path: entry.path, children: toRouteObjects(entry.children ?? []) };
  });
}

/** What the document's root does with the language (app/root.tsx): the path's prefix wins. */
function LanguageFromPath() {
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  const language = getPathLanguage(pathname);
  useLayoutEffect(() => {
    if (language && i18n.language !== language) void i18n.changeLanguage(language);
    document.documentElement.lang = language ?? i18n.language;
  }, [i18n, language]);
  return <Outlet />;
}

/**
 * Renders the real route list at `url`, as the browser would after hydration; `loaderData` (by
 * route id) as if the page had come from the server with its loaders' data.
 */
export function renderApp(url: string, { loaderData }: { loaderData?: Record<string, unknown> } = {}) {
  const pathname = new URL(url, 'http://localhost').pathname;
  const i18n = createI18n(detectBrowserLanguage(pathname));
  const router = createMemoryRouter(
    [{ Component: LanguageFromPath, children: toRouteObjects(routes as Entry[]) }],
    {
      initialEntries: [url],
      hydrationData: loaderData ? { loaderData } : undefined,
    },
  );
  const view = render(
    // A query client per render (the app's own lives as long as the page): no answer cached by
    // one test is seen by the next.
    <AppProviders i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppProviders>,
  );
  return { ...view, router, i18n };
}

/** A fetch that answers every API call with a JSON 404, so pages fall back to their defaults. */
export function offlineFetch(): typeof fetch {
  return async (input: RequestInfo | URL) =>
    new Response(JSON.stringify({ message: 'not found', code: 'route.not_found', errors: {} }), {
      status: 404,
      headers: { 'content-type': 'application/json', 'x-url': String(input) },
    });
}
