import type { PublicProfileDto } from '@substytut/shared';

/**
 * What the API's server hands to the web app's loaders (apps/api web-app.ts): its own services,
 * so a loader never calls the API over HTTP. Absent while prerendering at build time.
 */
export interface WebLoadContext {
  /**
   * The answer of GET /api/public/profile/{seolink}?offerUrl=, null when there is none, 'gone'
   * when the lawyer deleted the account (answered 410).
   */
  publicProfile?: (seolink: string, offerUrl: string | null) => Promise<PublicProfileDto | null | 'gone'>;
  /** The answer of GET /api/config/public. */
  publicConfig?: unknown;
  /** The CSP nonce of this response's inline scripts. */
  nonce?: string;
}

export function loadContext(context: unknown): WebLoadContext {
  return (context && typeof context === 'object' ? context : {}) as WebLoadContext;
}
