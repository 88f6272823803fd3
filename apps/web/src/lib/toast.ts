import { lazy, type ComponentType, type ReactNode } from 'react';
import type { ToastContainerProps, ToastOptions } from 'react-toastify/unstyled';
import { requestToasts } from './toast-host';

/**
 * The one import of react-toastify. Its main entry injects a <style> tag at runtime, which a
 * strict Content-Security-Policy blocks; the unstyled entry plus the bundled stylesheet does
 * not. Both entries keep separate toast queues, so every caller must come through here.
 *
 * It loads with the first toast raised (issue 33): a page that only may raise one (the sign-in
 * forms, the dashboard) does not carry it in its first load. The toast waits for the library and
 * then in react-toastify's queue until the container (app/providers.tsx ToastHost) has mounted.
 */
export type { ToastOptions, Id as ToastId } from 'react-toastify/unstyled';

type Toastify = typeof import('react-toastify/unstyled');

let loading: Promise<Toastify> | null = null;
let library: Toastify | null = null;

/** The library, downloaded once; a failed download is tried again by the next toast. */
function loadToastify(): Promise<Toastify> {
  loading ??= import('react-toastify/unstyled').then(
    (loaded) => (library = loaded),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Loads the library and mounts the container ahead of any toast; after it, toasts show at once.
 * The web tests call it in their setup, so that a toast is in the page when its action ends.
 */
export function preloadToasts(): Promise<void> {
  requestToasts();
  return loadToastify().then(() => undefined);
}

function raise(kind: 'success' | 'error', message: ReactNode, options?: ToastOptions): void {
  // Whoever raises a toast brings the container along.
  requestToasts();
  if (library) {
    library.toast[kind](message, options);
    return;
  }
  loadToastify().then(
    ({ toast: show }) => {
      show[kind](message, options);
    },
    (error: unknown) => console.error('toast failed to load', error),
  );
}

export const toast = {
  success: (message: ReactNode, options?: ToastOptions): void => raise('success', message, options),
  error: (message: ReactNode, options?: ToastOptions): void => raise('error', message, options),
};

/** The container, from the same entry as the toasts (one queue). */
export const ToastContainer = lazy<ComponentType<ToastContainerProps>>(() =>
  loadToastify().then(({ ToastContainer: Container }) => ({ default: Container })),
);
