import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '@/app/providers';
import { createRoutes } from '@/app/router';
import { createI18n } from '@/lib/i18n';
import { detectBrowserLanguage } from '@/lib/language-detection';
import { ServerDataProvider, type ServerData } from '@/lib/server-data';

/**
 * Renders the real route tree at `url`, as the browser entry would; `serverData` as if the page
 * had come from the server with it.
 */
export function renderApp(url: string, { serverData = null }: { serverData?: ServerData | null } = {}) {
  const pathname = new URL(url, 'http://localhost').pathname;
  const i18n = createI18n(detectBrowserLanguage(pathname));
  const router = createMemoryRouter(createRoutes(), { initialEntries: [url] });
  const view = render(
    <AppProviders i18n={i18n} queryClient={createQueryClient()}>
      <ServerDataProvider value={serverData}>
        <RouterProvider router={router} />
      </ServerDataProvider>
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
