import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProfileDto } from '@substytut/shared';
import { api } from '@/lib/api-client';

export function getPublicProfile(seolink: string, offerUrl: string | null): Promise<PublicProfileDto> {
  const query = offerUrl ? `?offerUrl=${encodeURIComponent(offerUrl)}` : '';
  return api.get<PublicProfileDto>(`/public/profile/${encodeURIComponent(seolink)}${query}`);
}

/** GET /public/profile/{seolink}?offerUrl=: the lawyer's card and, with ?o=, the offer to pay. */
export function publicProfileQuery(seolink: string, offerUrl: string | null) {
  return queryOptions({
    queryKey: ['public', 'profile', seolink, offerUrl],
    queryFn: () => getPublicProfile(seolink, offerUrl),
    // Whether the offer can still be paid changes with every payment: always ask again on return.
    staleTime: 0,
  });
}

/** `served`: the answer the page was rendered with on the server, shown at once and asked again. */
export function usePublicProfile(seolink: string, offerUrl: string | null, served?: PublicProfileDto) {
  return useQuery({ ...publicProfileQuery(seolink, offerUrl), initialData: served });
}
