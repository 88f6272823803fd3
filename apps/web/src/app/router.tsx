import { Navigate, Outlet, type RouteObject } from 'react-router';
import { Component as Home } from '@/features/marketing/routes/home';
import { Component as NotFound } from '@/features/errors/routes/not-found';
import { paths, type Language } from '@/config/paths';
import { RedirectIfToken, RequireAdmin, RequireToken } from './guards';
import { LanguageRoute } from './language-route';

type PendingModule = typeof import('./pending-routes');

/** Lazily loaded placeholder; a feature replaces this with `lazy: () => import(<its route>)`. */
function pending(name: keyof PendingModule): RouteObject['lazy'] {
  return async () => ({ Component: (await import('./pending-routes'))[name] });
}

type DashboardModule = typeof import('./dashboard-routes');

/** Every dashboard tab comes from one lazily loaded chunk (the dashboard with the offers feature). */
function dashboard(name: keyof DashboardModule): RouteObject['lazy'] {
  return async () => ({ Component: (await import('./dashboard-routes'))[name] });
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
    { index: true, Component: Home },
    { path: rel(paths.about.path), lazy: () => import('@/features/marketing/routes/about') },
    { path: rel(paths.contact.path), lazy: () => import('@/features/marketing/routes/contact') },
    { path: rel(paths.faq.path), lazy: () => import('@/features/marketing/routes/faq') },
    { path: rel(paths.features.path), lazy: () => import('@/features/marketing/routes/features') },
    { path: rel(paths.pricing.path), lazy: () => import('@/features/marketing/routes/pricing') },
    { path: rel(paths.forLawyers.path), lazy: () => import('@/features/marketing/routes/for-lawyers') },
    { path: rel(paths.forLawFirms.path), lazy: () => import('@/features/marketing/routes/for-law-firms') },
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
      lazy: () => import('@/features/auth/routes/register-success'),
    },
    {
      path: rel(paths.auth.forgotPassword.path),
      lazy: () => import('@/features/auth/routes/forgot-password'),
    },
    { path: rel(paths.auth.reset.path), lazy: () => import('@/features/auth/routes/reset-password') },
    { path: rel(paths.auth.verified.path), lazy: () => import('@/features/auth/routes/verified') },
    {
      element: (
        <RedirectIfToken>
          <Outlet />
        </RedirectIfToken>
      ),
      children: [
        { path: rel(paths.auth.root.path), lazy: () => import('@/features/auth/routes/auth') },
        { path: `${rel(paths.auth.root.path)}/*`, lazy: () => import('@/features/auth/routes/auth') },
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
      children: [{ path: rel(paths.admin.path), lazy: () => import('@/features/admin/routes/admin') }],
    },
    {
      path: rel(paths.publicProfile.path),
      lazy: () => import('@/features/public-profile/routes/public-profile'),
    },
    { path: rel(paths.paymentSuccess.path), lazy: () => import('@/features/payment/routes/payment-success') },
    { path: rel(paths.paymentCancel.path), lazy: () => import('@/features/payment/routes/payment-cancel') },
    { path: rel(paths.offerDone.path), lazy: () => import('@/features/payment/routes/offer-done') },
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
