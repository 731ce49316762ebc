import { useState } from 'react';
import { STAFF_MSG, type TStaffMember } from '#shared/contracts/staff.js';
import { ROLE_LABELS } from '#shared/permissions.js';
import { PageHeading } from '#web/components/page-heading.js';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { useToast } from '#web/components/ui/toast.js';
import { getErrorMessage } from '#web/lib/api.js';
import { useSession } from '#web/lib/session.js';
import { useAdmins, useDeleteAdmin, useResendInvitation } from '#web/features/admin/management/api/admins.js';
import { AdminFormDialog } from '#web/features/admin/management/components/admin-form-dialog.js';
import { ResetTwoFactorDialog } from '#web/features/admin/management/components/reset-two-factor-dialog.js';
import { DeleteConfirmDialog } from '#web/components/ui/mutation-confirm-dialog.js';

const ROLE_BADGES: Record<TStaffMember['role'], BadgeVariant> = {
  super_admin: 'danger',
  manager: 'info',
  support: 'success',
  compliance: 'warning',
};

type TOpenDialog = { kind: 'form' | 'reset2fa'; admin: TStaffMember | null } | { kind: 'delete'; admin: TStaffMember } | null;

/** /admin/management 'Admin Management' (super_admin): staff accounts and their roles. */
export function AdminManagementPage() {
  const query = useAdmins();
  const { user } = useSession();
  const resend = useResendInvitation();
  const toast = useToast();
  const [openDialog, setOpenDialog] = useState<TOpenDialog>(null);
  const deleteAdmin = useDeleteAdmin();
  const admins = query.data ?? [];

  const deleteBlockedReason = (admin: TStaffMember): string | null => {
    if (admin.role === 'super_admin') return STAFF_MSG.cannotDeleteSuperAdmin;
    if (admin.id === user?.id) return STAFF_MSG.cannotDeleteSelf;
    return null;
  };

  const columns: TColumn<TStaffMember>[] = [
    {
      header: 'Name',
      className: 'font-medium',
      cell: (admin) => (
        <>
          {admin.fullName}
          {admin.id === user?.id && <span className="ml-2 text-xs font-normal text-slate-600">(you)</span>}
        </>
      ),
    },
    { header: 'Email', className: 'break-all', cell: (admin) => admin.email },
    {
      header: 'Role',
      cell: (admin) => (
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={ROLE_BADGES[admin.role]}>{ROLE_LABELS[admin.role]}</Badge>
          {admin.status === 'invited' && <Badge variant="neutral">Invitation sent</Badge>}
        </div>
      ),
    },
    {
      header: 'Actions',
      isHeaderHidden: true,
      className: 'text-right',
      cell: (admin) => {
        const blocked = deleteBlockedReason(admin);
        const reasonId = `delete-reason-${admin.id}`;
        return (
          <>
            <div className="flex flex-wrap justify-end gap-2">
              {admin.status === 'invited' && (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Resend invitation to ${admin.fullName}`}
                  disabled={resend.isPending}
                  onClick={() =>
                    resend.mutate(admin.id, {
                      onSuccess: () => toast.success(STAFF_MSG.invitationResent),
                      onError: (error) => toast.error(getErrorMessage(error, STAFF_MSG.genericError)),
                    })
                  }
                >
                  Resend invitation
                </Button>
              )}
              {admin.role !== 'super_admin' && admin.id !== user?.id && (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Edit ${admin.fullName}`}
                  onClick={() => setOpenDialog({ kind: 'form', admin })}
                >
                  Edit
                </Button>
              )}
              {admin.twoFactorEnabled && admin.id !== user?.id && (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Reset 2FA for ${admin.fullName}`}
                  onClick={() => setOpenDialog({ kind: 'reset2fa', admin })}
                >
                  Reset 2FA
                </Button>
              )}
              <Button
                variant="danger"
                size="sm"
                aria-label={`Delete ${admin.fullName}`}
                aria-describedby={blocked ? reasonId : undefined}
                title={blocked ?? undefined}
                disabled={blocked !== null}
                onClick={() => setOpenDialog({ kind: 'delete', admin })}
              >
                Delete
              </Button>
            </div>
            {blocked && (
              <p id={reasonId} className="mt-1 text-xs text-slate-600">
                {blocked}
              </p>
            )}
          </>
        );
      },
    },
  ];

  return (
    <section>
      <PageHeading
        title="Admin Management"
        description="Staff accounts of the back-office and their roles."
        actions={<Button onClick={() => setOpenDialog({ kind: 'form', admin: null })}>Create Admin</Button>}
      />

      <DataTable
        caption="Admins"
        columns={columns}
        rows={admins}
        rowKey={(admin) => admin.id}
        query={query}
        loadingText="Loading admins…"
        emptyText="No admins yet."
      />

      {openDialog?.kind === 'form' && <AdminFormDialog admin={openDialog.admin} onClose={() => setOpenDialog(null)} />}
      {openDialog?.kind === 'delete' && (
        <DeleteConfirmDialog
          mutation={deleteAdmin}
          variables={openDialog.admin.id}
          successMessage={STAFF_MSG.deleted}
          errorFallback={STAFF_MSG.genericError}
          title="Delete Admin"
          description={`Are you sure you want to delete the admin ${openDialog.admin.fullName} (${openDialog.admin.email})?`}
          onClose={() => setOpenDialog(null)}
        >
          <p className="text-sm text-slate-700">
            They are signed out at once and can no longer sign in. The orders, KYC decisions and replies they made keep their name, and
            their entries in the audit log stay. Their email address can be invited again.
          </p>
        </DeleteConfirmDialog>
      )}
      {openDialog?.kind === 'reset2fa' && openDialog.admin && (
        <ResetTwoFactorDialog admin={openDialog.admin} onClose={() => setOpenDialog(null)} />
      )}
    </section>
  );
}
