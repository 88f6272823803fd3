import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_OFFER_DEFAULT_SORT,
  ADMIN_OFFER_SORT_COLUMNS,
  type AdminOfferRow,
  type AdminOfferSortColumn,
} from '@substytut/shared/admin-api';
import { OFFER_STATUS_LABELS, type Locale } from '@substytut/shared';
import { useAdminOffers } from '../api/get-admin-offers';
import { dateTime, expiryDateTime, money } from '../lib/format';
import { useListState } from '../lib/use-list-state';
import { DataTable, type Column } from './data-table';
import { DateTime } from './date-time';
import { ListSection } from './list-section';
import { StatusBadge } from './status-badge';

export function OffersTable({ locale }: { locale: Locale }) {
  const { t } = useTranslation('admin');
  const [state, change] = useListState('offer', ADMIN_OFFER_SORT_COLUMNS, ADMIN_OFFER_DEFAULT_SORT);
  const query = useAdminOffers(state);
  const onSearch = useCallback((q: string) => change({ q }), [change]);

  const columns: Column<AdminOfferRow, AdminOfferSortColumn>[] = [
    { id: 'id', header: t('offers.id'), sortKey: 'id', numeric: true, cell: (row) => row.offerId },
    {
      id: 'lawyer',
      header: t('offers.lawyer'),
      className: 'min-w-28',
      cell: (row) => (
        <>
          <span className="text-muted-foreground tabular-nums">#{row.profileId}</span> {row.profile.fullname}
        </>
      ),
    },
    {
      id: 'title',
      header: t('offers.title'),
      sortKey: 'title',
      className: 'min-w-32',
      cell: (row) => row.title,
    },
    {
      id: 'hearing',
      header: t('offers.hearing'),
      className: 'min-w-36',
      cell: (row) =>
        row.hearing && (row.hearing.court_name || row.hearing.starts_at) ? (
          <span className="flex flex-col">
            {row.hearing.court_name && <span>{row.hearing.court_name}</span>}
            {row.hearing.starts_at && <DateTime value={dateTime(row.hearing.starts_at)} />}
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      id: 'net',
      header: t('offers.net'),
      sortKey: 'price',
      numeric: true,
      className: 'whitespace-nowrap',
      cell: (row) => money(row.price, locale),
    },
    {
      id: 'gross',
      header: t('offers.gross'),
      numeric: true,
      className: 'whitespace-nowrap',
      cell: (row) => money(row.price_brutto, locale),
    },
    {
      id: 'status',
      header: t('offers.status'),
      sortKey: 'status',
      cell: (row) => (
        <StatusBadge active={row.status === 'active'} label={OFFER_STATUS_LABELS[locale][row.status]} />
      ),
    },
    {
      id: 'updated',
      header: t('offers.updated'),
      sortKey: 'updatedAt',
      firstDirection: 'desc',
      cell: (row) => <DateTime value={dateTime(row.updateDate)} />,
    },
    {
      id: 'expires',
      header: t('offers.expires'),
      sortKey: 'expireDate',
      firstDirection: 'desc',
      cell: (row) => <DateTime value={expiryDateTime(row.expireDate)} />,
    },
    {
      id: 'link',
      header: t('offers.link'),
      cell: (row) =>
        row.status === 'active' ? (
          <a
            href={row.absoluteUrl}
            aria-label={t('offers.openLabel', { title: row.title })}
            className="font-medium text-primary underline underline-offset-4 hover:no-underline"
          >
            {t('offers.open')}
          </a>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <ListSection
      id="offers"
      heading={t('offers.heading')}
      searchHint={t('offers.searchHint')}
      state={state}
      change={change}
      onSearch={onSearch}
      query={query}
      locale={locale}
    >
      <DataTable
        caption={t('offers.caption')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(row) => row.offerId}
        sort={state.sort}
        onSort={(sort) => change({ sort })}
        busy={query.isPlaceholderData}
        skeletonRows={Math.min(state.pageSize, 5)}
      />
    </ListSection>
  );
}
