import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '@/app/providers';
import { HeadTagsContext } from '@/components/seo/document-head';
import { createRoutes } from '@/app/router';
import { DEFAULT_LANGUAGE, getPathLanguage, type Language } from '@/config/paths';
import { createI18n, provideAllResources } from '@/lib/i18n';
import { resources } from '@/lib/i18n-resources';

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
export async function render(
  url: string,
  unprefixedLanguage: Language = DEFAULT_LANGUAGE,
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
          {/* No hydration data script: there are no loaders, and the CSP allows only known scripts. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </HeadTagsContext>
    </StrictMode>,
  );
  const head = renderToString(<>{headTags}</>);
  return { html, head, language, status: context.statusCode };
}
