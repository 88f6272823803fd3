import { Navigate, Outlet, type RouteObject } from 'react-router';
import { Component as NotFound } from '@/features/errors/routes/not-found';
import { paths, type Language } from '@/config/paths';
import { loadNamespaces } from '@/lib/i18n';
import { RedirectIfToken, RequireAdmin, RequireToken } from './guards';
import { LanguageRoute } from './language-route';

type PendingModule = typeof import('./pending-routes');
type Lazy = NonNullable<RouteObject['lazy']>;
type LazyModule = Awaited<ReturnType<Extract<Lazy, (...args: never[]) => unknown>>>;

/**
 * A lazily loaded page whose translation namespaces arrive with its code, so it never renders
 * untranslated keys (the layout's own namespaces are loaded before the first render).
 */
function page(namespaces: readonly string[], load: () => Promise<LazyModule>): Lazy {
  return async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return module;
  };
}

const MARKETING = ['marketing'];
const FORMS = ['errors', 'validation'];
const AUTH = ['auth', ...FORMS];

/** Lazily loaded placeholder; a feature replaces this with `lazy: () => import(<its route>)`. */
function pending(name: keyof PendingModule): Lazy {
  return async () => ({ Component: (await import('./pending-routes'))[name] });
}

type DashboardModule = typeof import('./dashboard-routes');

/** Every dashboard tab comes from one lazily loaded chunk (the dashboard with the offers feature). */
function dashboard(name: keyof DashboardModule): Lazy {
  return page(['dashboard', 'offers', ...FORMS], async () => ({
    Component: (await import('./dashboard-routes'))[name],
  }));
}

/** '/dashboard/profile' -> 'profile', relative to the dashboard layout. */
function child(path: string): string {
  return path.slice(paths.dashboard.root.path.length + 1);
}

/** Route paths are declared absolute in paths.ts; children of a layout need them relative. */
function rel(path: string): string {
  return path.replace(/^\//, '');
}

function pageRoutes(): RouteObject[] {
  return [
    { index: true, lazy: page(MARKETING, () => import('@/features/marketing/routes/home')) },
    { path: rel(paths.about.path), lazy: page(MARKETING, () => import('@/features/marketing/routes/about')) },
    {
      path: rel(paths.contact.path),
      lazy: page([...MARKETING, ...FORMS], () => import('@/features/marketing/routes/contact')),
    },
    { path: rel(paths.faq.path), lazy: page(MARKETING, () => import('@/features/marketing/routes/faq')) },
    {
      path: rel(paths.features.path),
      lazy: page(MARKETING, () => import('@/features/marketing/routes/features')),
    },
    {
      path: rel(paths.pricing.path),
      lazy: page(MARKETING, () => import('@/features/marketing/routes/pricing')),
    },
    {
      path: rel(paths.forLawyers.path),
      lazy: page(MARKETING, () => import('@/features/marketing/routes/for-lawyers')),
    },
    {
      path: rel(paths.forLawFirms.path),
      lazy: page(MARKETING, () => import('@/features/marketing/routes/for-law-firms')),
    },
    { path: rel(paths.careers.path), lazy: pending('Careers') },
    {
      path: rel(paths.terms.path),
      lazy: async () => ({ Component: (await import('./document-redirect')).Terms }),
    },
    {
      path: rel(paths.privacy.path),
      lazy: async () => ({ Component: (await import('./document-redirect')).Privacy }),
    },
    {
      path: rel(paths.auth.registerSuccess.path),
      lazy: page(AUTH, () => import('@/features/auth/routes/register-success')),
    },
    {
      path: rel(paths.auth.forgotPassword.path),
      lazy: page(AUTH, () => import('@/features/auth/routes/forgot-password')),
    },
    {
      path: rel(paths.auth.reset.path),
      lazy: page(AUTH, () => import('@/features/auth/routes/reset-password')),
    },
    {
      path: rel(paths.auth.verified.path),
      lazy: page(AUTH, () => import('@/features/auth/routes/verified')),
    },
    {
      element: (
        <RedirectIfToken>
          <Outlet />
        </RedirectIfToken>
      ),
      children: [
        { path: rel(paths.auth.root.path), lazy: page(AUTH, () => import('@/features/auth/routes/auth')) },
        {
          path: `${rel(paths.auth.root.path)}/*`,
          lazy: page(AUTH, () => import('@/features/auth/routes/auth')),
        },
      ],
    },
    {
      element: (
        <RequireToken>
          <Outlet />
        </RequireToken>
      ),
      children: [
        {
          path: rel(paths.dashboard.root.path),
          lazy: dashboard('DashboardLayout'),
          children: [
            { index: true, element: <Navigate to={child(paths.dashboard.profile.path)} replace /> },
            { path: child(paths.dashboard.profile.path), lazy: dashboard('ProfileRoute') },
            { path: child(paths.dashboard.billing.path), lazy: dashboard('BillingRoute') },
            { path: child(paths.dashboard.offers.path), lazy: dashboard('OffersRoute') },
          ],
        },
      ],
    },
    {
      element: (
        <RequireAdmin>
          <Outlet />
        </RequireAdmin>
      ),
      children: [
        {
          path: rel(paths.admin.path),
          lazy: page(['admin', ...FORMS], () => import('@/features/admin/routes/admin')),
        },
      ],
    },
    {
      path: rel(paths.publicProfile.path),
      lazy: page(
        ['public-profile', 'errors'],
        () => import('@/features/public-profile/routes/public-profile'),
      ),
    },
    {
      path: rel(paths.paymentSuccess.path),
      lazy: page(['payment'], () => import('@/features/payment/routes/payment-success')),
    },
    {
      path: rel(paths.paymentCancel.path),
      lazy: page(['payment'], () => import('@/features/payment/routes/payment-cancel')),
    },
    {
      path: rel(paths.offerDone.path),
      lazy: page(['payment', ...FORMS], () => import('@/features/payment/routes/offer-done')),
    },
    { path: rel(paths.notFound.path), Component: NotFound },
    { path: '*', Component: NotFound },
  ];
}

function languageBranch(path: string, language: Language | null): RouteObject {
  return { path, element: <LanguageRoute language={language} />, children: pageRoutes() };
}

/** Every page exists unprefixed (detected language) and under /pl and /en (fixed language). */
export function createRoutes(): RouteObject[] {
  return [languageBranch('/pl', 'pl'), languageBranch('/en', 'en'), languageBranch('/', null)];
}
