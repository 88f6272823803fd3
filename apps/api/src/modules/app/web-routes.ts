/**
 * The client routes of the web app (spec section 2), mirrored here so the server can answer an
 * unknown path with status 404 while still handing the browser the app shell. Keep in step with
 * apps/web/src/config/paths.ts.
 */
export function knownRoutePatterns(): string[] {
  const unprefixed = [
    '/about',
    '/contact',
    '/faq',
    '/features',
    '/pricing',
    '/for-lawyers',
    '/for-law-firms',
    '/terms',
    '/privacy',
    '/auth',
    '/auth/*',
    '/dashboard',
    '/dashboard/*',
    '/admin',
    '/u/:seolink',
    '/payment/success',
    '/payment/cancel',
    '/offer/done',
    '/404',
  ];
  return ['/', '/pl', '/en', ...unprefixed, ...unprefixed.flatMap((p) => [`/pl${p}`, `/en${p}`])];
}

/** Paths that render the not-found page on purpose, answered with status 404. */
export const notFoundRoutePatterns = ['/404', '/pl/404', '/en/404'];

function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.+';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

export function createRouteMatcher(patterns: string[]): (pathname: string) => boolean {
  const regexps = patterns.map(patternToRegExp);
  return (pathname) => {
    const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
    return regexps.some((re) => re.test(normalized));
  };
}

export const isKnownClientRoute = createRouteMatcher(knownRoutePatterns());
export const isNotFoundRoute = createRouteMatcher(notFoundRoutePatterns);
