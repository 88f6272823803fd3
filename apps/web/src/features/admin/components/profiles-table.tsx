import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ADMIN_PROFILE_DEFAULT_SORT,
  ADMIN_PROFILE_SORT_COLUMNS,
  type AdminProfileRow,
  type AdminProfileSortColumn,
} from '@substytut/shared/admin-api';
import type { Locale } from '@substytut/shared';
import { Badge } from '@/components/ui/badge';
import { paths, useLocalizedHref } from '@/config/paths';
import type { LicenceStateId } from '@/lib/licence';
import { useAdminProfiles } from '../api/get-admin-profiles';
import { dateTime, shownEmail } from '../lib/format';
import { useListState } from '../lib/use-list-state';
import { DataTable, type Column } from './data-table';
import { DateTime } from './date-time';
import { DeleteAccountButton } from './delete-account-button';
import { ListSection } from './list-section';
import { StatusBadge } from './status-badge';

/** Issue 22 adds the licence's state to each row; an older server leaves it out. */
type ProfileRow = AdminProfileRow & { licence_state?: LicenceStateId };

const LICENCE_BADGE: Record<LicenceStateId, 'success' | 'warning' | 'destructive' | 'secondary'> = {
  verified: 'success',
  manual_review: 'warning',
  rejected: 'destructive',
  pending: 'secondary',
  code_sent: 'secondary',
  unverified: 'secondary',
};

export function ProfilesTable({ locale }: { locale: Locale }) {
  const { t } = useTranslation('admin');
  const href = useLocalizedHref();
  const [state, change] = useListState('profile', ADMIN_PROFILE_SORT_COLUMNS, ADMIN_PROFILE_DEFAULT_SORT);
  const query = useAdminProfiles(state);
  const onSearch = useCallback((q: string) => change({ q }), [change]);

  const columns: Column<ProfileRow, AdminProfileSortColumn>[] = [
    { id: 'id', header: t('profiles.id'), sortKey: 'id', numeric: true, cell: (row) => row.profileId },
    {
      id: 'name',
      header: t('profiles.name'),
      sortKey: 'name',
      className: 'min-w-32',
      cell: (row) => (row.accountDeleted ? <em>{t('profiles.accountDeleted')}</em> : row.fullname || '—'),
    },
    {
      id: 'email',
      header: t('profiles.email'),
      sortKey: 'email',
      className: 'max-w-48 break-all',
      cell: (row) =>
        row.accountDeleted ? (
          <span className="text-muted-foreground">{t('deletedAccount')}</span>
        ) : (
          shownEmail(row.email, t('deletedAccount'))
        ),
    },
    {
      id: 'account',
      header: t('profiles.account'),
      cell: (row) =>
        row.stripeAccountId ? (
          <code className="block max-w-32 text-xs break-all">{row.stripeAccountId}</code>
        ) : (
          '—'
        ),
    },
    {
      id: 'status',
      header: t('profiles.status'),
      sortKey: 'status',
      cell: (row) => (
        <StatusBadge
          active={row.status === 'active'}
          label={row.status === 'active' ? t('status.active') : t('status.inactive')}
        />
      ),
    },
    {
      id: 'licence',
      header: t('profiles.licence'),
      cell: (row) =>
        row.licence_state ? (
          <Badge variant={LICENCE_BADGE[row.licence_state]} weight="medium" wrap className="max-w-36">
            {t(`licence.states.${row.licence_state}`)}
          </Badge>
        ) : (
          '—'
        ),
    },
    {
      id: 'created',
      header: t('profiles.created'),
      sortKey: 'createdAt',
      firstDirection: 'desc',
      cell: (row) => <DateTime value={dateTime(row.created_at)} />,
    },
    {
      id: 'updated',
      header: t('profiles.updated'),
      sortKey: 'updatedAt',
      firstDirection: 'desc',
      cell: (row) => <DateTime value={dateTime(row.updated_at)} />,
    },
    {
      id: 'link',
      header: t('profiles.link'),
      cell: (row) =>
        row.status === 'active' && row.seolink ? (
          <Link
            to={href(paths.publicProfile.getHref(row.seolink))}
            aria-label={t('profiles.openLabel', { name: row.fullname })}
            className="font-medium text-primary underline underline-offset-4 hover:no-underline"
          >
            {t('profiles.open')}
          </Link>
        ) : (
          '—'
        ),
    },
    {
      id: 'actions',
      header: t('profiles.actions'),
      cell: (row) =>
        row.accountDeleted ? (
          '—'
        ) : (
          <DeleteAccountButton userId={row.userId} label={row.fullname || row.email} />
        ),
    },
  ];

  return (
    <ListSection
      id="profiles"
      heading={t('profiles.heading')}
      searchHint={t('profiles.searchHint')}
      state={state}
      change={change}
      onSearch={onSearch}
      query={query}
      locale={locale}
    >
      <DataTable
        caption={t('profiles.caption')}
        columns={columns}
        rows={query.data?.data as ProfileRow[] | undefined}
        rowKey={(row) => row.profileId}
        sort={state.sort}
        onSort={(sort) => change({ sort })}
        busy={query.isPlaceholderData}
        skeletonRows={Math.min(state.pageSize, 5)}
      />
    </ListSection>
  );
}
