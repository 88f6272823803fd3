import { index, layout, route, type RouteConfig, type RouteConfigEntry } from '@react-router/dev/routes';

/**
 * The one route list of the web app (decision 016): the browser, the server renderer, the
 * prerender and the API's "is this a page or a 404" all read it. Paths follow spec section 2 and
 * config/paths.ts. Every page exists unprefixed (the visitor's language) and under /pl and /en
 * (a fixed language); the three copies share their modules under ids suffixed by language.
 */

type Prefix = 'pl' | 'en' | null;

const feature = (file: string) => `../features/${file}`;

function pages(prefix: Prefix): RouteConfigEntry[] {
  const id = (name: string) => (prefix ? `${prefix}:${name}` : name);
  const page = (path: string, file: string, name: string, children?: RouteConfigEntry[]) =>
    route(path, file, { id: id(name) }, children);

  return [
    index(feature('marketing/routes/home.tsx'), { id: id('home') }),
    page('about', feature('marketing/routes/about.tsx'), 'about'),
    page('faq', feature('marketing/routes/faq.tsx'), 'faq'),
    page('features', feature('marketing/routes/features.tsx'), 'features'),
    page('pricing', feature('marketing/routes/pricing.tsx'), 'pricing'),
    page('for-lawyers', feature('marketing/routes/for-lawyers.tsx'), 'for-lawyers'),
    page('for-law-firms', feature('marketing/routes/for-law-firms.tsx'), 'for-law-firms'),
    page('careers', feature('marketing/routes/careers.tsx'), 'careers'),
    page('board', feature('marketing/routes/board.tsx'), 'board'),
    page('accessibility', feature('marketing/routes/accessibility.tsx'), 'accessibility'),
    page('terms', 'routes/terms.tsx', 'terms'),
    page('privacy', 'routes/privacy.tsx', 'privacy'),
    page('privacy/data', feature('my-data/routes/privacy-data.tsx'), 'privacy-data'),
    page('my-data', feature('my-data/routes/my-data.tsx'), 'my-data'),
    page('my-data/confirm/:token', feature('my-data/routes/confirm.tsx'), 'my-data-confirm'),
    page('my-data/export/:token', feature('my-data/routes/export-download.tsx'), 'my-data-export'),
    page('auth/register-success', feature('auth/routes/register-success.tsx'), 'register-success'),
    // The sign-in pages send their forms without TanStack Query (decision 062).
    page('auth/forgot-password', feature('auth/routes/forgot-password.tsx'), 'forgot-password'),
    page('auth/reset/:token', feature('auth/routes/reset-password.tsx'), 'reset-password'),
    layout('layouts/redirect-if-token.tsx', { id: id('redirect-if-token') }, [
      page('auth', feature('auth/routes/auth.tsx'), 'auth'),
      page('auth/*', feature('auth/routes/auth.tsx'), 'auth-tab'),
    ]),
    // The pages that ask the API through TanStack Query, and only they, have its client: the
    // others (read before they are used) load without it (decision 054, query-boundary.test.ts).
    layout('layouts/queries.tsx', { id: id('queries') }, [
      page('contact', feature('marketing/routes/contact.tsx'), 'contact'),
      page('auth/verified/:id/:token', feature('auth/routes/verified.tsx'), 'verified'),
      layout('layouts/require-token.tsx', { id: id('require-token') }, [
        page('dashboard', 'routes/dashboard/layout.tsx', 'dashboard', [
          index('routes/dashboard/index.tsx', { id: id('dashboard-index') }),
          page('profile', 'routes/dashboard/profile.tsx', 'dashboard-profile'),
          page('billing', 'routes/dashboard/billing.tsx', 'dashboard-billing'),
          page('plan', 'routes/dashboard/plan.tsx', 'dashboard-plan'),
          page('offers', 'routes/dashboard/offers.tsx', 'dashboard-offers'),
          page('data', 'routes/dashboard/data.tsx', 'dashboard-data'),
          page('board', feature('board/routes/board.tsx'), 'dashboard-board'),
          page('board/new', feature('board/routes/board-new.tsx'), 'dashboard-board-new'),
          page('board/mine', feature('board/routes/board-mine.tsx'), 'dashboard-board-mine'),
          page('alerts', 'routes/dashboard/alerts.tsx', 'dashboard-alerts'),
          page('references', 'routes/dashboard/references.tsx', 'dashboard-references'),
        ]),
      ]),
      layout('layouts/require-admin.tsx', { id: id('require-admin') }, [
        page('admin', feature('admin/routes/admin.tsx'), 'admin'),
      ]),
      page('payment/success', feature('payment/routes/payment-success.tsx'), 'payment-success'),
      page('offer/done', feature('payment/routes/offer-done.tsx'), 'offer-done'),
    ]),
    page('u/:seolink', 'routes/public-profile.tsx', 'public-profile'),
    page('payment/cancel', feature('payment/routes/payment-cancel.tsx'), 'payment-cancel'),
    page('404', 'routes/not-found.tsx', 'not-found'),
    page('*', 'routes/unknown-path.tsx', 'unknown-path'),
  ];
}

export default [
  route('pl', 'layouts/site.tsx', { id: 'pl' }, pages('pl')),
  route('en', 'layouts/site.tsx', { id: 'en' }, pages('en')),
  layout('layouts/site.tsx', { id: 'site' }, pages(null)),
] satisfies RouteConfig;
