import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { INDEXABLE_PAGES } from '@substytut/shared/public-pages';
import { getPathLanguage, type Language } from './languages';

export { DEFAULT_LANGUAGE, getPathLanguage, isLanguage, LANGUAGES, type Language } from './languages';

/** Every URL of the web app is built here; components never concatenate paths themselves. */

const enc = encodeURIComponent;

export const paths = {
  home: { path: '/', getHref: () => '/' },
  about: { path: '/about', getHref: () => '/about' },
  contact: { path: '/contact', getHref: () => '/contact' },
  faq: { path: '/faq', getHref: () => '/faq' },
  features: { path: '/features', getHref: () => '/features' },
  pricing: { path: '/pricing', getHref: () => '/pricing' },
  forLawyers: { path: '/for-lawyers', getHref: () => '/for-lawyers' },
  forLawFirms: { path: '/for-law-firms', getHref: () => '/for-law-firms' },
  careers: { path: '/careers', getHref: () => '/careers' },
  accessibility: { path: '/accessibility', getHref: () => '/accessibility' },
  /** The substitution board explained (issue 32); the board itself is in the dashboard only. */
  board: { path: '/board', getHref: () => '/board' },
  terms: { path: '/terms', getHref: () => '/terms' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  /** The privacy policy's HTML part: personal data rights, export, deletion, retention periods. */
  privacyData: { path: '/privacy/data', getHref: () => '/privacy/data' },
  /** A payer (no account) asks for a copy or the deletion of their data; every mail links here. */
  myData: { path: '/my-data', getHref: () => '/my-data' },
  myDataConfirm: {
    path: '/my-data/confirm/:token',
    getHref: (token: string) => `/my-data/confirm/${enc(token)}`,
  },
  /** The data-export mail's link: a page whose button downloads the ZIP once (scanners open links). */
  myDataExport: {
    path: '/my-data/export/:token',
    getHref: (token: string) => `/my-data/export/${enc(token)}`,
  },
  auth: {
    root: { path: '/auth', getHref: () => '/auth' },
    login: { path: '/auth/login', getHref: () => '/auth/login' },
    register: { path: '/auth/register', getHref: () => '/auth/register' },
    registerSuccess: { path: '/auth/register-success', getHref: () => '/auth/register-success' },
    forgotPassword: { path: '/auth/forgot-password', getHref: () => '/auth/forgot-password' },
    reset: {
      path: '/auth/reset/:token',
      getHref: (token: string, email: string) => `/auth/reset/${enc(token)}?email=${enc(email)}`,
    },
    verified: {
      path: '/auth/verified/:id/:token',
      getHref: (id: string, token: string) => `/auth/verified/${enc(id)}/${enc(token)}`,
    },
  },
  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    profile: { path: '/dashboard/profile', getHref: () => '/dashboard/profile' },
    billing: { path: '/dashboard/billing', getHref: () => '/dashboard/billing' },
    /** The lawyer's plan (issue 34 §3); `?subscribed=1` after the provider's subscribe page. */
    plan: { path: '/dashboard/plan', getHref: () => '/dashboard/plan' },
    offers: { path: '/dashboard/offers', getHref: () => '/dashboard/offers' },
    data: { path: '/dashboard/data', getHref: () => '/dashboard/data' },
    /** The substitution board (issue 32); `?request=<id>` opens one request (push links). */
    board: {
      path: '/dashboard/board',
      getHref: (requestId?: string) => `/dashboard/board${requestId ? `?request=${enc(requestId)}` : ''}`,
    },
    boardNew: { path: '/dashboard/board/new', getHref: () => '/dashboard/board/new' },
    boardMine: { path: '/dashboard/board/mine', getHref: () => '/dashboard/board/mine' },
    /** What a substitute covers and how they are told (b32-web-alerts' screen). */
    alerts: { path: '/dashboard/alerts', getHref: () => '/dashboard/alerts' },
    references: { path: '/dashboard/references', getHref: () => '/dashboard/references' },
  },
  admin: { path: '/admin', getHref: () => '/admin' },
  publicProfile: {
    path: '/u/:seolink',
    getHref: (seolink: string, offerUrl?: string) =>
      `/u/${enc(seolink)}${offerUrl ? `?o=${enc(offerUrl)}` : ''}`,
  },
  paymentSuccess: { path: '/payment/success', getHref: () => '/payment/success' },
  paymentCancel: { path: '/payment/cancel', getHref: () => '/payment/cancel' },
  offerDone: { path: '/offer/done', getHref: () => '/offer/done' },
  notFound: { path: '/404', getHref: () => '/404' },
} as const;

/** PDFs the /terms and /privacy routes redirect to (both dated 22.12.2024), per language. */
export const documents = {
  terms: { pl: '/legal/regulamin-2024-12-22.pdf', en: '/legal/terms-2024-12-22.pdf' },
  privacy: { pl: '/legal/polityka-prywatnosci-2024-12-22.pdf', en: '/legal/privacy-policy-2024-12-22.pdf' },
} as const satisfies Record<string, Record<Language, string>>;

/** Marketing pages, in header order; their labels live in common.json under nav.<key>. */
export const marketingNav = [
  { key: 'features', href: paths.features.getHref() },
  { key: 'forLawyers', href: paths.forLawyers.getHref() },
  { key: 'forLawFirms', href: paths.forLawFirms.getHref() },
  { key: 'pricing', href: paths.pricing.getHref() },
  { key: 'faq', href: paths.faq.getHref() },
  { key: 'about', href: paths.about.getHref() },
  { key: 'contact', href: paths.contact.getHref() },
] as const;

/**
 * Public pages written to static HTML at build time (each also under /pl and /en): the indexable
 * pages the sitemap lists (one shared list), plus pages crawlers need not index.
 */
export const prerenderPaths: readonly string[] = [
  ...INDEXABLE_PAGES,
  paths.paymentSuccess.path,
  paths.paymentCancel.path,
  paths.offerDone.path,
  paths.notFound.path,
];

/** '/en/about' -> '/about', '/pl' -> '/'; query and hash are kept. */
export function stripLanguage(href: string): string {
  const match = /^\/(pl|en)(?=\/|$|\?|#)/.exec(href);
  if (!match) return href;
  const rest = href.slice(match[0].length);
  if (rest === '') return '/';
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** Adds a language prefix to an app path ('/' -> '/en', '/about?x=1' -> '/en/about?x=1'). */
export function withLanguage(href: string, language: Language | null): string {
  const bare = stripLanguage(href);
  if (!language) return bare;
  if (bare === '/') return `/${language}`;
  if (bare.startsWith('/?') || bare.startsWith('/#')) return `/${language}${bare.slice(1)}`;
  return `/${language}${bare}`;
}

/** The same page in another language: swaps the prefix, or adds one to an unprefixed URL. */
export function switchLanguageHref(href: string, language: Language): string {
  return withLanguage(href, language);
}

/** Canonical and alternate addresses always carry a language: {origin}/pl{path}. */
export function languageUrl(origin: string, pathname: string, language: Language): string {
  const bare = stripLanguage(pathname);
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') || '/' : bare;
  return `${origin.replace(/\/$/, '')}${withLanguage(trimmed, language)}`;
}

/** Builds links that keep the current language prefix (none stays none). */
export function useLocalizedHref(): (href: string) => string {
  const { pathname } = useLocation();
  const language = getPathLanguage(pathname);
  return useCallback((href: string) => withLanguage(href, language), [language]);
}
