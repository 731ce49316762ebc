import type { z } from 'zod';
import type { ZAdminUserDetail } from '#shared/contracts/admin.js';
import { formatFiat, formatUsd } from '#shared/format.js';
import { KycBadge } from '#web/components/kyc-badge.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableMessageRow, TableRow } from '#web/components/ui/table.js';
import { formatDate } from '#web/lib/format-date.js';
import { OrderStatusBadge, orderTitle } from '#web/components/orders/order-status-badge.js';
import { useAdminUser, type TAdminUser, type TBanAction } from '#web/features/admin/users/api/users.js';
import { AccountStatusBadge } from './account-status-badge';
import { DetailRow, QueryContent } from '#web/components/ui/query-content.js';

type UserProfileDialogProps = {
  id: string;
  onClose: () => void;
  /** Ban or Unban was pressed; the page asks for confirmation. */
  onBanAction: (user: TAdminUser, action: TBanAction) => void;
  /** Close account was pressed (offered to roles with the accountClosure area only); the page asks for confirmation. */
  onCloseAccount?: (user: TAdminUser) => void;
};

/**
 * 'User Profile': the customer's details, account state and at most 5 recent transactions. A
 * closed account offers no action: it stays banned and cannot be reopened (docs/decisions/017).
 */
export function UserProfileDialog({ id, onClose, onBanAction, onCloseAccount }: UserProfileDialogProps) {
  const query = useAdminUser(id);
  const user = query.data?.user;

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title="User Profile"
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {user && !user.closedAt && onCloseAccount && (
            <Button variant="outline" onClick={() => onCloseAccount(user)}>
              Close account
            </Button>
          )}
          {user && !user.closedAt && (
            <Button variant={user.isBanned ? 'primary' : 'danger'} onClick={() => onBanAction(user, user.isBanned ? 'unban' : 'ban')}>
              {user.isBanned ? 'Unban' : 'Ban'}
            </Button>
          )}
        </>
      }
    >
      <QueryContent query={query} loadingText="Loading user…">
        {(detail) => <ProfileDetails detail={detail} />}
      </QueryContent>
    </Dialog>
  );
}

function ProfileDetails({ detail }: { detail: z.infer<typeof ZAdminUserDetail> }) {
  const { user, recentOrders } = detail;
  return (
    <div className="space-y-5">
      <dl className="grid gap-4 sm:grid-cols-2">
        <DetailRow label="Full name">{user.fullName}</DetailRow>
        <DetailRow label="Username">{user.username}</DetailRow>
        <DetailRow label="Email">{user.email}</DetailRow>
        <DetailRow label="Phone">{user.phone || 'Not provided'}</DetailRow>
        <DetailRow label="KYC status">
          <KycBadge status={user.kycStatus} />
        </DetailRow>
        <DetailRow label="Total volume">{formatUsd(user.tradingVolumeUsd)}</DetailRow>
        <DetailRow label="Joined">{formatDate(user.createdAt)}</DetailRow>
        <DetailRow label="Account">
          <AccountStatusBadge isBanned={user.isBanned} closedAt={user.closedAt} />
        </DetailRow>
        {user.closedAt && <DetailRow label="Closed on">{formatDate(user.closedAt)}</DetailRow>}
      </dl>
      <div>
        <h3 className="mb-2 text-base font-semibold text-slate-900">Recent Transactions</h3>
        <Table caption="Recent transactions" hideCaption>
          <TableHead>
            <tr>
              <TableHeaderCell>Date</TableHeaderCell>
              <TableHeaderCell>Type</TableHeaderCell>
              <TableHeaderCell>Amount</TableHeaderCell>
              <TableHeaderCell>Status</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBody>
            {recentOrders.length === 0 ? (
              <TableMessageRow colSpan={4}>No transactions found.</TableMessageRow>
            ) : (
              recentOrders.map((order) => (
                <TableRow key={order.id}>
                  <TableCell>{formatDate(order.createdAt)}</TableCell>
                  <TableCell>{orderTitle(order)}</TableCell>
                  <TableCell>{formatFiat(order.amountFiat, order.fiatCurrency)}</TableCell>
                  <TableCell>
                    <OrderStatusBadge status={order.status} />
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
