import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { lazy, Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { isApiError } from '@/lib/api-client';
import { useToastsRequested } from '@/lib/toast-host';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not fix themselves by retrying.
        retry: (count, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

// Loaded once some page imports the toast API (lib/toast.ts); toasts raised before it mounts wait
// in react-toastify's queue.
const Toasts = lazy(() => import('./toasts'));

function ToastHost() {
  return useToastsRequested() ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

export function AppProviders({
  i18n,
  queryClient,
  children,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          {children}
          <ToastHost />
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
