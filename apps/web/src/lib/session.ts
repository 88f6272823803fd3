import { useSyncExternalStore } from 'react';
import { TOKEN_KEY, USER_KEY } from './storage-keys';

export interface SessionUser {
  id?: number | string;
  email?: string;
  name?: string;
  role?: string;
  [key: string]: unknown;
}

export interface Session {
  token: string | null;
  user: SessionUser | null;
}

// `storage` events only reach other tabs, so same-tab changes are announced separately.
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

export function getUser(): SessionUser | null {
  const raw = storage()?.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as SessionUser) : null;
  } catch {
    return null;
  }
}

// A session the API ended (a 401) leads to /auth (spec 4), one that was never there to /auth/login
// (the route table): the guard that sees the token go reads which it was.
let expired = false;

/** Whether the API ended the last session (a 401), rather than the visitor never having one. */
export function sessionExpired(): boolean {
  return expired;
}

/** A 401: the stored session is gone and the visitor goes to /auth. */
export function expireSession(): void {
  expired = true;
  clearSession();
}

export function setSession(token: string, user?: SessionUser | null): void {
  const s = storage();
  if (!s) return;
  expired = false;
  s.setItem(TOKEN_KEY, token);
  if (user) s.setItem(USER_KEY, JSON.stringify(user));
  emit();
}

export function clearSession(): void {
  const s = storage();
  if (!s) return;
  s.removeItem(TOKEN_KEY);
  s.removeItem(USER_KEY);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

// Snapshots must be stable between calls, so the parsed user is cached by its raw string.
let cachedRaw: string | null | undefined;
let cachedSession: Session = { token: null, user: null };
const serverSession: Session = { token: null, user: null };

function getSnapshot(): Session {
  const token = getToken();
  const raw = storage()?.getItem(USER_KEY) ?? null;
  const key = `${token ?? ''}\u0000${raw ?? ''}`;
  if (key !== cachedRaw) {
    cachedRaw = key;
    cachedSession = { token, user: getUser() };
  }
  return cachedSession;
}

/**
 * The server (and hydration) always sees a logged-out visitor; React re-renders with the
 * stored session right after hydrating, so prerendered markup never depends on localStorage.
 */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSnapshot, () => serverSession);
}
