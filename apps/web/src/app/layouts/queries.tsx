import { Outlet } from 'react-router';
import { QueryProvider } from '@/lib/query-client';

/** Parent of the pages that ask the API through TanStack Query (routes.ts, decision 054). */
export default function QueriesLayout() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}
