import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState, type ReactNode } from 'react';
import { isApiError } from '@/lib/api-client';

/**
 * TanStack Query is for the pages that ask the API (sign-in, dashboard, admin, contact, the
 * payment pages): `app/layouts/queries.tsx` gives them a client. The pages that are read rather
 * than used (home and the other marketing pages, `/u/{seolink}`) run without it, so its 11 KB stay
 * off their first load (decision 054); `app/query-boundary.test.ts` pins which route reaches it.
 */
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

let browserClient: QueryClient | undefined;

/**
 * One client for as long as the app runs in the browser, so cached answers survive a navigation
 * between a page with queries and one without; a new one per request on the server, so no answer
 * is shared between two visitors.
 */
function appQueryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}

/** Gives its pages the app's query client; a client given above it (a test's own) is kept. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const [client] = useState(() => outer ?? appQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
