import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParsedSort, SortDirection } from '@substytut/shared/admin-api';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

export interface Column<Row, C extends string> {
  id: string;
  header: string;
  /** the API's sort column; a header without one is not sortable */
  sortKey?: C;
  /** the first click sorts this way (dates: newest first) */
  firstDirection?: SortDirection;
  numeric?: boolean;
  className?: string;
  cell: (row: Row) => ReactNode;
}

interface DataTableProps<Row, C extends string> {
  caption: string;
  columns: Column<Row, C>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  sort: ParsedSort<C>;
  onSort: (sort: string) => void;
  /** a newer page is loading while the previous one is shown */
  busy: boolean;
  skeletonRows: number;
}

const sortString = (column: string, direction: SortDirection) =>
  `${direction === 'desc' ? '-' : ''}${column}`;

/**
 * An accessible table (caption, th scope, aria-sort, sort buttons in the headers) in a focusable
 * region that scrolls sideways on narrow screens.
 */
export function DataTable<Row, C extends string>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  busy,
  skeletonRows,
}: DataTableProps<Row, C>) {
  const { t } = useTranslation('admin');
  const captionId = useId();
  const activeColumn = columns.find((column) => column.sortKey === sort.column);
  const direction = t(sort.direction === 'asc' ? 'list.ascending' : 'list.descending');

  return (
    <div
      role="region"
      aria-labelledby={captionId}
      // Keyboard users scroll the region with the arrow keys once it has focus.
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-border bg-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <table aria-busy={busy || rows === undefined} className="w-full border-collapse text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
          {activeColumn ? `. ${t('list.sortedBy', { column: activeColumn.header, direction })}` : ''}
        </caption>
        <thead className="bg-muted/60 text-left">
          <tr>
            {columns.map((column) => {
              const active = column.sortKey !== undefined && column.sortKey === sort.column;
              const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={column.sortKey ? (ariaSort ?? 'none') : undefined}
                  className={cn(
                    'px-2 py-2 align-bottom font-semibold text-foreground',
                    column.numeric && 'text-right',
                    column.className,
                  )}
                >
                  {column.sortKey ? (
                    <button
                      type="button"
                      onClick={() => {
                        const key = column.sortKey as C;
                        const next: SortDirection = active
                          ? sort.direction === 'asc'
                            ? 'desc'
                            : 'asc'
                          : (column.firstDirection ?? 'asc');
                        onSort(sortString(key, next));
                      }}
                      className={cn(
                        '-mx-1.5 inline-flex items-center gap-1 rounded px-1.5 py-1 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                        column.numeric && 'flex-row-reverse',
                      )}
                    >
                      {column.header}
                      {active ? (
                        sort.direction === 'asc' ? (
                          <ArrowUp aria-hidden="true" className="size-3.5" />
                        ) : (
                          <ArrowDown aria-hidden="true" className="size-3.5" />
                        )
                      ) : (
                        <ArrowUpDown aria-hidden="true" className="size-3.5 opacity-50" />
                      )}
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={cn('transition-opacity', busy && 'opacity-60')}>
          {rows === undefined
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <tr key={i} className="border-t border-border">
                  {columns.map((column) => (
                    <td key={column.id} className="px-2 py-2.5">
                      <Skeleton className="h-4 w-full min-w-12" />
                    </td>
                  ))}
                </tr>
              ))
            : rows.map((row) => (
                <tr key={rowKey(row)} className="border-t border-border hover:bg-muted/40">
                  {columns.map((column) => (
                    <td
                      key={column.id}
                      className={cn(
                        'px-2 py-2 align-top',
                        column.numeric && 'text-right tabular-nums',
                        column.className,
                      )}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
          {rows !== undefined && rows.length === 0 ? (
            <tr className="border-t border-border">
              <td colSpan={columns.length} className="px-2 py-6 text-center text-muted-foreground">
                {t('list.empty')}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
