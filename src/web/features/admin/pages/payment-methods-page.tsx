import { useState } from 'react';
import { ADMIN_MSG } from '#shared/contracts/admin.js';
import { PageHeading } from '#web/components/page-heading.js';
import { Button } from '#web/components/ui/button.js';
import { Switch } from '#web/components/ui/switch.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { useToast } from '#web/components/ui/toast.js';
import { getErrorMessage } from '#web/lib/api.js';
import {
  useDeletePaymentMethod,
  usePaymentMethods,
  useTogglePaymentMethod,
  type TAdminPaymentMethod,
} from '#web/features/admin/payment-methods/api/payment-methods.js';
import { EnableMethodDialog } from '#web/features/admin/payment-methods/components/enable-method-dialog.js';
import { PaymentMethodFormDialog } from '#web/features/admin/payment-methods/components/payment-method-form-dialog.js';
import { DeleteConfirmDialog } from '#web/components/ui/mutation-confirm-dialog.js';
import { EditDeleteActions } from '#web/components/ui/row-actions.js';
import { Link } from '#web/lib/router.js';
import { Badge } from '#web/components/ui/badge.js';
import { paths } from '#web/lib/paths.js';
import { usePendingChanges } from '#web/features/admin/destination-changes/api/destination-changes.js';
import { describeDestination } from '#web/features/admin/destination-changes/lib/describe-change.js';

type TOpenDialog =
  | { kind: 'form'; method: TAdminPaymentMethod | null }
  | { kind: 'delete'; method: TAdminPaymentMethod }
  | { kind: 'enable'; method: TAdminPaymentMethod }
  | null;

/** The lines under a method's name: provider, holder and number, or bank, holder and account number. */
function detailLines(method: TAdminPaymentMethod): string[] {
  const { details } = method;
  return details.type === 'momo'
    ? [`Provider: ${details.provider}`, `Name: ${details.name}`, `Number: ${details.number}`]
    : [`Bank: ${details.bankName}`, `Name: ${details.name}`, `Account number: ${details.accountNumber}`];
}

/** /admin/payment-methods: how customers pay and are paid (docs/product.md §2). */
export function PaymentMethodsPage() {
  const query = usePaymentMethods();
  const pendingChange = usePendingChanges('payment_method');
  const toggle = useTogglePaymentMethod();
  const toast = useToast();
  const [openDialog, setOpenDialog] = useState<TOpenDialog>(null);
  const deleteMethod = useDeletePaymentMethod();
  const methods = query.data ?? [];
  const togglingId = toggle.isPending ? toggle.variables.id : null;
  const columns: TColumn<TAdminPaymentMethod>[] = [
    { header: 'Name', className: 'align-top font-medium', cell: (method) => method.name },
    {
      header: 'Details',
      className: 'align-top text-slate-700',
      cell: (method) => {
        const change = pendingChange(method.id);
        return (
          <>
            <ul className="space-y-0.5">
              {detailLines(method).map((line) => (
                <li key={line} className="break-words">
                  {line}
                </li>
              ))}
            </ul>
            {change && (
              <p className="mt-2 text-sm text-amber-900">
                <Badge variant="warning">Change waiting for approval</Badge> {describeDestination(change.kind, change.after).join(', ')}.{' '}
                <Link className="underline" to={paths.admin.pendingChanges.getHref()}>
                  Open Pending changes
                </Link>
              </p>
            )}
          </>
        );
      },
    },
    {
      header: 'Status',
      className: 'align-top',
      cell: (method) => (
        <>
          <Switch
            checked={method.isEnabled}
            onCheckedChange={(checked) => onToggle(method, checked)}
            label={`${method.name} enabled`}
            hideLabel
            disabled={togglingId === method.id}
          />
          <span className="ml-2 text-sm text-slate-700" aria-hidden="true">
            {method.isEnabled ? 'Enabled' : 'Disabled'}
          </span>
        </>
      ),
    },
    {
      header: 'Actions',
      isHeaderHidden: true,
      className: 'text-right align-top',
      cell: (method) => (
        <EditDeleteActions
          name={method.name}
          onEdit={() => setOpenDialog({ kind: 'form', method })}
          onDelete={() => setOpenDialog({ kind: 'delete', method })}
        />
      ),
    },
  ];

  const onToggle = (method: TAdminPaymentMethod, isEnabled: boolean) => {
    // On again waits for a second admin and asks for the code (docs/decisions/035).
    if (isEnabled) {
      setOpenDialog({ kind: 'enable', method });
      return;
    }
    toggle.mutate(
      { id: method.id, isEnabled },
      {
        onSuccess: ({ paymentMethod }) => toast.success(ADMIN_MSG.methodToggled(paymentMethod.name, paymentMethod.isEnabled)),
        onError: (error) => toast.error(getErrorMessage(error, ADMIN_MSG.genericError)),
      },
    );
  };

  return (
    <section>
      <PageHeading
        title="Payment Methods"
        description="Mobile money and bank accounts customers pay into."
        actions={<Button onClick={() => setOpenDialog({ kind: 'form', method: null })}>Add Method</Button>}
      />

      <DataTable
        caption="Payment methods"
        columns={columns}
        rows={methods}
        rowKey={(method) => method.id}
        query={query}
        loadingText="Loading payment methods…"
        emptyText="No payment methods yet."
      />

      {openDialog?.kind === 'enable' && <EnableMethodDialog method={openDialog.method} onClose={() => setOpenDialog(null)} />}
      {openDialog?.kind === 'form' && <PaymentMethodFormDialog method={openDialog.method} onClose={() => setOpenDialog(null)} />}
      {openDialog?.kind === 'delete' && (
        <DeleteConfirmDialog
          mutation={deleteMethod}
          variables={openDialog.method.id}
          successMessage={ADMIN_MSG.methodDeleted}
          errorFallback={ADMIN_MSG.genericError}
          title="Delete Payment Method"
          description={`Are you sure you want to delete the payment method "${openDialog.method.name}"?`}
          onClose={() => setOpenDialog(null)}
        />
      )}
    </section>
  );
}
