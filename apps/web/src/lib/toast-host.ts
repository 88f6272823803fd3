import { useSyncExternalStore } from 'react';

// react-toastify is loaded only by pages that raise toasts; the container follows it there.
let requested = false;
const listeners = new Set<() => void>();

/** Called by lib/toast.ts when it is first imported. */
export function requestToasts(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once some loaded module can raise a toast; the server never renders the container. */
export function useToastsRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
}
