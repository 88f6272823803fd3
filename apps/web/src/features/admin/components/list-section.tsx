import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@substytut/shared';
import type { ListChange, ListState } from '../lib/list-params';
import { Pager, SearchBox } from './list-controls';
import { LoadFailed } from './load-failed';

interface ListSectionProps<C extends string> {
  id: string;
  heading: string;
  searchHint: string;
  state: ListState<C>;
  change: (change: ListChange) => void;
  onSearch: (q: string) => void;
  query: {
    data?: { data: unknown[]; total: number; totalExact: boolean } | undefined;
    isError: boolean;
    refetch: () => unknown;
  };
  locale: Locale;
  children: ReactNode;
}

/** A heading, the search, the table and its pager. */
export function ListSection<C extends string>({
  id,
  heading,
  searchHint,
  state,
  change,
  onSearch,
  query,
  locale,
  children,
}: ListSectionProps<C>) {
  const { t } = useTranslation('admin');
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight">
          {heading}
        </h2>
        <SearchBox label={t('list.search')} hint={searchHint} value={state.q} onSearch={onSearch} />
      </div>
      {query.isError ? <LoadFailed onRetry={() => void query.refetch()} /> : null}
      {children}
      {query.data ? (
        <Pager
          name={heading}
          page={state.page}
          pageSize={state.pageSize}
          total={query.data.total}
          totalExact={query.data.totalExact}
          shown={query.data.data.length}
          locale={locale}
          onPage={(page) => change({ page })}
          onPageSize={(pageSize) => change({ pageSize })}
        />
      ) : null}
    </section>
  );
}
