import type { PublicProfileDto } from '@substytut/shared';
import { api } from '@/lib/api-client';

export function getPublicProfile(seolink: string, offerUrl: string | null): Promise<PublicProfileDto> {
  const query = offerUrl ? `?offerUrl=${encodeURIComponent(offerUrl)}` : '';
  return api.get<PublicProfileDto>(`/public/profile/${encodeURIComponent(seolink)}${query}`);
}

/**
 * The profile for a page the server did not render with it (a navigation within the app): null
 * when it cannot be loaded, which the page answers with /404 (spec 8). Asked on every visit, not
 * cached: whether the offer can still be paid changes with every payment.
 */
export function askPublicProfile(seolink: string, offerUrl: string | null): Promise<PublicProfileDto | null> {
  return getPublicProfile(seolink, offerUrl).catch(() => null);
}
