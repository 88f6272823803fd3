const FALLBACK_ORIGIN = 'http://localhost:3000';

/** The site origin: the browser's at runtime, PUBLIC_URL while prerendering at build time. */
export function siteOrigin(): string {
  if (typeof window !== 'undefined' && window.location?.origin && window.location.origin !== 'null') {
    return window.location.origin;
  }
  const fromEnv = (import.meta.env.PUBLIC_URL as string | undefined) ?? undefined;
  return (fromEnv || FALLBACK_ORIGIN).replace(/\/$/, '');
}
