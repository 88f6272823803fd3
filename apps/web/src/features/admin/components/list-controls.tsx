import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_QUERY_MAX_LENGTH } from '@substytut/shared/admin-api';
import type { Locale } from '@substytut/shared';
import { Button } from '@/components/ui/button';
import { controlClasses, controlSurface, controlText } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { count } from '../lib/format';

export const SEARCH_DEBOUNCE_MS = 350;
const PAGE_SIZES = [10, 20, 50, 100] as const;

interface SearchBoxProps {
  label: string;
  hint: string;
  value: string;
  onSearch: (q: string) => void;
}

/** A search field that asks the server only once typing pauses. */
export function SearchBox({ label, hint, value, onSearch }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState<string | null>(null);

  // The URL changed by itself (back button, a link), not by our own search: show its term.
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) setText(value);
  }

  const search = (term: string) => {
    setSent(term.trim());
    onSearch(term);
  };

  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = window.setTimeout(() => {
      setSent(text.trim());
      onSearch(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <div className="flex w-full max-w-md flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={ADMIN_QUERY_MAX_LENGTH}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') search(text);
          }}
          className={cn(controlClasses, 'h-10 pl-9')}
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}

interface PagerProps {
  name: string;
  page: number;
  pageSize: number;
  total: number;
  totalExact: boolean;
  /** rows on the current page */
  shown: number;
  locale: Locale;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** The range shown, previous/next, and the page size. */
export function Pager({
  name,
  page,
  pageSize,
  total,
  totalExact,
  shown,
  locale,
  onPage,
  onPageSize,
}: PagerProps) {
  const { t } = useTranslation('admin');
  const sizeId = useId();
  const from = shown === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = (page - 1) * pageSize + shown;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // An estimated total can be off either way: a full page means there may be more.
  const hasNext = totalExact ? page < pages : shown === pageSize;
  const values = { from: count(from, locale), to: count(to, locale), total: count(total, locale) };
  const range =
    shown === 0
      ? t('list.none')
      : totalExact
        ? t('list.range', values)
        : total > to
          ? t('list.rangeAbout', values)
          : t('list.rangeMore', values);

  return (
    <nav
      aria-label={t('list.pagination', { name })}
      className="flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <p aria-live="polite" className="text-muted-foreground tabular-nums">
        {range}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="text-muted-foreground">
            {t('list.pageSize')}
          </label>
          <select
            id={sizeId}
            value={pageSize}
            onChange={(event) => onPageSize(Number(event.target.value))}
            className={cn(controlSurface, controlText, 'h-9 w-auto pr-2')}
          >
            {(PAGE_SIZES as readonly number[]).includes(pageSize) ? null : (
              <option value={pageSize}>{pageSize}</option>
            )}
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="icon-sm"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
            aria-label={t('list.previous')}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <span className="min-w-24 text-center tabular-nums">
            {t(totalExact ? 'list.page' : 'list.pageAbout', {
              page: count(page, locale),
              pages: count(pages, locale),
            })}
          </span>
          <Button
            variant="outline"
            size="icon-sm"
            disabled={!hasNext}
            onClick={() => onPage(page + 1)}
            aria-label={t('list.next')}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    </nav>
  );
}
