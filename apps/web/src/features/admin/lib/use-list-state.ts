import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  applyListChange,
  readListState,
  type ListChange,
  type ListPrefix,
  type ListState,
} from './list-params';

/** A table's paging, sort and search, kept in the URL's search params. */
export function useListState<C extends string>(
  prefix: ListPrefix,
  columns: readonly C[],
  defaultSort: string,
): [ListState<C>, (change: ListChange) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(
    () => readListState(params, prefix, columns, defaultSort),
    [params, prefix, columns, defaultSort],
  );
  const change = useCallback(
    (next: ListChange) => {
      setParams((current) => applyListChange(current, prefix, next, defaultSort), {
        // Typing a search replaces the entry; paging and sorting can be gone back through.
        replace: next.q !== undefined,
        preventScrollReset: true,
      });
    },
    [setParams, prefix, defaultSort],
  );
  return [state, change];
}
