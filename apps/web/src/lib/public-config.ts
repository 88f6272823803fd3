import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRouteLoaderData } from 'react-router';
import type { PublicConfigDto } from '@substytut/shared';
import type { PublicLinks } from '@substytut/shared/public-defaults';
import { DEFAULT_BOOKING_URL, SUPPORT_EMAIL } from '@/config/constants';
import { api } from '@/lib/api-client';

export interface PublicConfig {
  bookingUrl: string;
  /** True when any embedded sandbox adapter (payments, mail, lookup, …) is active. */
  sandbox: boolean;
  sandboxAdapters: string[];
  supportEmail: string;
  googleClientId: string | null;
  /** Google sign-in by the server's stand-in (no client id, outside production). */
  googleSandbox: boolean;
  turnstileSiteKey: string | null;
}

export const FALLBACK_PUBLIC_CONFIG: PublicConfig = {
  bookingUrl: DEFAULT_BOOKING_URL,
  sandbox: false,
  sandboxAdapters: [],
  supportEmail: SUPPORT_EMAIL,
  googleClientId: null,
  googleSandbox: false,
  turnstileSiteKey: null,
};

function str(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/**
 * What the page uses of GET /config/public (PublicConfigDto). Tolerant reading: the UI must keep
 * working with a partial or older answer.
 */
export function parsePublicConfig(raw: Partial<PublicConfigDto> | null | undefined | unknown): PublicConfig {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  // The API answers sandbox: { active, payments, mail, … }; a bare boolean is accepted too.
  const flags = r.sandbox && typeof r.sandbox === 'object' ? (r.sandbox as Record<string, unknown>) : {};
  const adapters = Object.entries(flags)
    .filter(([name, on]) => name !== 'active' && on === true)
    .map(([name]) => name);
  return {
    bookingUrl: str(r.bookingUrl) ?? DEFAULT_BOOKING_URL,
    sandbox: r.sandbox === true || flags.active === true || adapters.length > 0,
    sandboxAdapters: adapters,
    supportEmail: str(r.supportEmail) ?? SUPPORT_EMAIL,
    googleClientId: str(r.googleClientId),
    googleSandbox: flags.googleSignIn === true,
    turnstileSiteKey: str(r.turnstileSiteKey),
  };
}

export const publicConfigQuery = queryOptions({
  queryKey: ['config', 'public'],
  queryFn: async () => parsePublicConfig(await api.get<PublicConfigDto>('/config/public')),
  staleTime: 10 * 60_000,
  retry: 1,
});

/**
 * Always returns usable values. Until the API answers on a prerendered page, the links are those
 * the page was rendered with (the root loader's), so they never change address when it answers.
 */
export function usePublicConfig(): PublicConfig {
  const { data } = useQuery(publicConfigQuery);
  const root = useRouteLoaderData('root') as { publicLinks?: PublicLinks | null } | undefined;
  return data ?? { ...FALLBACK_PUBLIC_CONFIG, ...root?.publicLinks };
}
