import type { i18n as I18n } from 'i18next';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { createPublicConfigStore, PublicConfigContext, type PublicConfigStore } from '@/lib/public-config';
import { useToastsRequested } from '@/lib/toast-host';

// Loaded with the first toast raised (lib/toast.ts loads react-toastify then, decision 056); toasts
// raised before it mounts wait in react-toastify's queue.
const Toasts = lazy(() => import('./toasts'));

function ToastHost() {
  return useToastsRequested() ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

/**
 * What every page has. Not TanStack Query: only the pages that ask the API get its client
 * (`app/layouts/queries.tsx`, decision 054). `publicConfig`: the page's configuration, from the
 * root loader (a new store when not given, as in tests).
 */
export function AppProviders({
  i18n,
  publicConfig,
  children,
}: {
  i18n: I18n;
  publicConfig?: PublicConfigStore;
  children: ReactNode;
}) {
  const [config] = useState(() => publicConfig ?? createPublicConfigStore(null));
  return (
    <I18nextProvider i18n={i18n}>
      <PublicConfigContext value={config}>
        <ThemeProvider>
          {children}
          <ToastHost />
        </ThemeProvider>
      </PublicConfigContext>
    </I18nextProvider>
  );
}
