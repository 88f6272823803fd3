import { createContext, use, useEffect, useSyncExternalStore } from 'react';
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

/** GET /config/public, read tolerantly. */
export async function fetchPublicConfig(): Promise<PublicConfig> {
  return parsePublicConfig(await api.get<PublicConfigDto>('/config/public'));
}

/** A failed answer is asked once more after this wait; after that a later page asks again. */
const RETRY_MS = 1000;

/**
 * The configuration for as long as the app runs (it does not change meanwhile, so it is asked for
 * at most once): the one the server rendered the page with, or, on a prerendered page, the API's
 * answer. A small store of its own, not TanStack Query, which stays off the pages that are read
 * rather than used (decision 054).
 */
export interface PublicConfigStore {
  current(): PublicConfig | null;
  subscribe(listener: () => void): () => void;
  /** Asks the API unless the configuration is there or on its way. */
  load(): void;
}

export function createPublicConfigStore(
  served: PublicConfig | null,
  fetchConfig: () => Promise<PublicConfig> = fetchPublicConfig,
): PublicConfigStore {
  let config = served;
  let loading = false;
  const listeners = new Set<() => void>();
  const ask = (retries: number): void => {
    fetchConfig().then(
      (answer) => {
        config = answer;
        loading = false;
        for (const listener of listeners) listener();
      },
      () => {
        if (retries > 0) setTimeout(() => ask(retries - 1), RETRY_MS);
        else loading = false;
      },
    );
  };
  return {
    current: () => config,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    load() {
      if (config || loading) return;
      loading = true;
      ask(1);
    },
  };
}

/** Provided once for the whole app by `AppProviders` (app/providers.tsx). */
export const PublicConfigContext = createContext<PublicConfigStore | null>(null);

/**
 * Always returns usable values. Until the API answers on a prerendered page, the links are those
 * the page was rendered with (the root loader's), so they never change address when it answers.
 */
export function usePublicConfig(): PublicConfig {
  const store = use(PublicConfigContext);
  if (!store) throw new Error('usePublicConfig needs AppProviders');
  const config = useSyncExternalStore(store.subscribe, store.current, store.current);
  useEffect(() => store.load(), [store]);
  const root = useRouteLoaderData('root') as { publicLinks?: PublicLinks | null } | undefined;
  return config ?? { ...FALLBACK_PUBLIC_CONFIG, ...root?.publicLinks };
}
