import { useCallback, useState } from 'react';
import { useSearchParams } from '#web/lib/router.js';
import { formatUsd } from '#shared/format.js';
import { KycBadge } from '#web/components/kyc-badge.js';
import { PageHeading } from '#web/components/page-heading.js';
import { Button } from '#web/components/ui/button.js';
import { Select, toOptions } from '#web/components/ui/select.js';
import { refreshingStatus } from '#web/components/ui/query-content.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { formatDate } from '#web/lib/format-date.js';
import { useAdminUsers, type TAdminUser, type TBanAction, type TUserListFilter } from '#web/features/admin/users/api/users.js';
import { AccountStatusBadge } from '#web/features/admin/users/components/account-status-badge.js';
import { ConfirmBanDialog } from '#web/features/admin/users/components/confirm-ban-dialog.js';
import { ConfirmCloseAccountDialog } from '#web/features/admin/users/components/confirm-close-account-dialog.js';
import { UserProfileDialog } from '#web/features/admin/users/components/user-profile-dialog.js';
import { UserSearchBox } from '#web/features/admin/users/components/user-search-box.js';
import { ExportUsersButton } from '#web/features/admin/users/components/export-users-button.js';
import { pageCount, Pagination } from '#web/components/ui/pagination.js';
import {
  ACCOUNT_FILTER_LABELS,
  ACCOUNT_FILTERS,
  KYC_FILTER_LABELS,
  KYC_FILTERS,
  userUrlFilter,
} from '#web/features/admin/users/user-filters.js';
import { nextSort, useUrlFilter } from '#web/lib/url-filter.js';
import { useSession } from '#web/lib/session.js';
import { canAccess } from '#shared/permissions.js';

/** A ban or unban waiting for its confirmation, from a row or from the open profile (over which it opens). */
type TPendingBan = { user: TAdminUser; action: TBanAction };

/** /admin/users 'User Management': search, filters, sortable columns, pages, profile and bans (docs/product.md §2). */
export function UsersPage() {
  const [filter, updateFilter] = useUrlFilter(userUrlFilter);
  const query = useAdminUsers(filter);
  // ?profile=<id> opens that user's profile (a link from the KYC review: paths.admin.users.profileHref).
  const [searchParams] = useSearchParams();
  const [profileId, setProfileId] = useState<string | null>(() => searchParams.get('profile'));
  const [pendingBan, setPendingBan] = useState<TPendingBan | null>(null);
  const [pendingClosure, setPendingClosure] = useState<TAdminUser | null>(null);
  const canCloseAccounts = canAccess(useSession().user?.role ?? undefined, 'accountClosure');

  const setFilter = (change: Partial<TUserListFilter>) => updateFilter((current) => ({ ...current, ...change }));
  const onSort = (column: TUserListFilter['sort']) => updateFilter((current) => ({ ...current, ...nextSort(current, column), page: 1 }));
  // Called from a debounce timer: the setter reads the latest URL rather than a filter captured earlier.
  const onSearch = useCallback((q: string) => updateFilter((current) => ({ ...current, q, page: 1 })), [updateFilter]);

  const data = query.data;
  const totalPages = pageCount(data);
  const users = data?.users ?? [];
  const askBan = (user: TAdminUser) => setPendingBan({ user, action: user.isBanned ? 'unban' : 'ban' });

  const columns: TColumn<TAdminUser, TUserListFilter['sort']>[] = [
    { header: 'User', sortKey: 'fullName', className: 'font-medium break-words text-slate-900', cell: (user) => user.fullName },
    // A long address may break where it must (never narrower than 12rem), so the row fits a 1366 px screen.
    { header: 'Email', cell: (user) => <span className="block min-w-48 [overflow-wrap:anywhere]">{user.email}</span> },
    { header: 'Registered', sortKey: 'createdAt', className: 'whitespace-nowrap', cell: (user) => formatDate(user.createdAt) },
    { header: 'Trading Volume', sortKey: 'tradingVolumeUsd', className: 'tabular-nums', cell: (user) => formatUsd(user.tradingVolumeUsd) },
    { header: 'KYC', cell: (user) => <KycBadge status={user.kycStatus} /> },
    { header: 'Account', cell: (user) => <AccountStatusBadge isBanned={user.isBanned} closedAt={user.closedAt} /> },
    {
      header: 'Actions',
      isHeaderHidden: true,
      className: 'text-right',
      cell: (user) => (
        <div className="flex justify-end gap-2">
          <Button variant="outline" size="sm" aria-label={`View ${user.fullName}`} onClick={() => setProfileId(user.id)}>
            View
          </Button>
          {!user.closedAt && (
            <Button
              variant={user.isBanned ? 'outline' : 'danger'}
              size="sm"
              aria-label={`${user.isBanned ? 'Unban' : 'Ban'} ${user.fullName}`}
              onClick={() => askBan(user)}
            >
              {user.isBanned ? 'Unban' : 'Ban'}
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <section>
      <PageHeading
        title="User Management"
        description="Find customers, see their activity, and ban or unban accounts."
        actions={<ExportUsersButton filter={filter} />}
      />

      <div className="mb-4 flex flex-wrap items-end gap-4">
        <UserSearchBox value={filter.q} onSearch={onSearch} />
        <Select
          label="KYC status"
          name="kyc"
          fieldClassName="w-full sm:w-44"
          value={filter.kyc}
          onChange={(event) => setFilter({ kyc: event.target.value as TUserListFilter['kyc'], page: 1 })}
          options={toOptions(KYC_FILTERS, KYC_FILTER_LABELS)}
        />
        <Select
          label="Account status"
          name="account"
          fieldClassName="w-full sm:w-44"
          value={filter.account}
          onChange={(event) => setFilter({ account: event.target.value as TUserListFilter['account'], page: 1 })}
          options={toOptions(ACCOUNT_FILTERS, ACCOUNT_FILTER_LABELS)}
        />
        {refreshingStatus(query, 'flex items-center gap-2 pb-3 text-sm text-slate-600')}
      </div>

      <DataTable
        caption="Users"
        columns={columns}
        rows={users}
        rowKey={(user) => user.id}
        query={query}
        loadingText="Loading users…"
        emptyText="No users found."
        sort={{ sort: filter.sort, dir: filter.dir, onSort }}
        // Wraps to fit a 1366 px screen with the menu open; narrower, it scrolls with Ban in view.
        wrap
      />

      {data && totalPages > 1 && (
        <Pagination
          page={filter.page}
          totalPages={totalPages}
          isNextBlocked={query.isPlaceholderData}
          onPage={(page) => setFilter({ page })}
        />
      )}

      {profileId && (
        <UserProfileDialog
          id={profileId}
          onClose={() => setProfileId(null)}
          onBanAction={(user, action) => setPendingBan({ user, action })}
          onCloseAccount={canCloseAccounts ? setPendingClosure : undefined}
        />
      )}
      {/* Opens over the profile when asked from there (the dialogs stack); closing it shows the profile again. */}
      {pendingBan && <ConfirmBanDialog user={pendingBan.user} action={pendingBan.action} onDone={() => setPendingBan(null)} />}
      {pendingClosure && <ConfirmCloseAccountDialog user={pendingClosure} onDone={() => setPendingClosure(null)} />}
    </section>
  );
}
