import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '@/app/providers';
import { HeadTagsContext } from '@/components/seo/document-head';
import { createRoutes } from '@/app/router';
import { DEFAULT_LANGUAGE, getPathLanguage, type Language } from '@/config/paths';
import { createI18n, provideAllResources } from '@/lib/i18n';
import { resources } from '@/lib/i18n-resources';
import { LOADING_COPY_ID } from '@/lib/server-page';
import { serverDataScript, ServerDataProvider, type ServerData } from '@/lib/server-data';
import { publicProfileQuery } from '@/features/public-profile/api/get-public-profile';
import { MIN_LOADING_MS } from '@/features/public-profile/routes/public-profile';
import type { PublicProfileDto } from '@substytut/shared';

// Prerendering is synchronous: every translation is at hand (the browser fetches them per page).
provideAllResources(resources);

export { prerenderPaths, staticPagePaths } from '@/config/paths';

export interface RenderResult {
  html: string;
  /** The page's <title>, <meta>, <link> and structured data, for its <head>. */
  head: string;
  language: Language;
  status: number;
}

/**
 * Renders one address to HTML for the prerender step (no window, no storage, no fetch). A prefixed
 * address fixes the language; an unprefixed one is rendered in `unprefixedLanguage` (the server
 * picks the variant by Accept-Language, see scripts/prerender.mjs).
 */
export function render(url: string, unprefixedLanguage: Language = DEFAULT_LANGUAGE): Promise<RenderResult> {
  return renderWith(url, unprefixedLanguage, null);
}

async function renderWith(
  url: string,
  unprefixedLanguage: Language,
  serverData: ServerData | null,
): Promise<RenderResult> {
  const handler = createStaticHandler(createRoutes());
  const context = await handler.query(new Request(new URL(url, 'http://prerender.local')));
  if (context instanceof Response) {
    throw new Error(
      `Prerendering ${url} produced a redirect (${context.status}); it cannot be a static file.`,
    );
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const language = getPathLanguage(new URL(url, 'http://prerender.local').pathname) ?? unprefixedLanguage;
  const i18n = createI18n(language);

  const headTags: ReactNode[] = [];
  const html = renderToString(
    <StrictMode>
      <HeadTagsContext value={headTags}>
        <AppProviders i18n={i18n} queryClient={createQueryClient()}>
          <ServerDataProvider value={serverData}>
            {/* No hydration data script: there are no loaders, and the CSP allows only known scripts. */}
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </ServerDataProvider>
        </AppProviders>
      </HeadTagsContext>
    </StrictMode>,
  );
  const head = renderToString(<>{headTags}</>);
  return { html, head, language, status: context.statusCode };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export interface ProfilePageRender {
  /** In place of the shell's `#root`, sent first: the page as it looks while it loads ('Ładowanie...'). */
  loading: string;
  /**
   * Sent after it once `holdMs` have passed since the request: a style hiding the loading copy,
   * `#root` with the profile, to be hydrated on the visitor's first input (decision 010), and the
   * data block to hydrate it with (lib/server-data.tsx).
   */
  page: string;
  /** Spec 9: the loading screen stays at least this long. */
  holdMs: number;
}

/**
 * /u/{seolink}[?o=] rendered by the server at request time with the API's answer
 * (docs/decisions/012-server-rendered-profile-page.md): both states of the page, which the server
 * sends one after the other.
 */
export async function renderProfilePage(
  url: string,
  unprefixedLanguage: Language,
  { seolink, offerUrl, profile }: { seolink: string; offerUrl: string | null; profile: PublicProfileDto },
): Promise<ProfilePageRender> {
  const serverData: ServerData = { queryKey: publicProfileQuery(seolink, offerUrl).queryKey, data: profile };
  const loading = await renderWith(url, unprefixedLanguage, null);
  const page = await renderWith(url, unprefixedLanguage, serverData);
  const { pathname } = new URL(url, 'http://render.local');
  return {
    loading: `<div id="${LOADING_COPY_ID}">${loading.html}</div>`,
    page:
      `<style>#${LOADING_COPY_ID}{display:none}</style>` +
      `<div id="root" data-prerendered="${escapeAttribute(pathname)}" data-lang="${page.language}" data-hydrate="on-intent">${page.html}</div>` +
      serverDataScript(serverData),
    holdMs: MIN_LOADING_MS,
  };
}
