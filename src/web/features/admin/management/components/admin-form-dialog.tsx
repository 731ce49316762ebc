import { z } from 'zod';
import { ZCreateStaffRequest, STAFF_MSG, type TStaffMember } from '#shared/contracts/staff.js';
import { CREATABLE_ROLES, EDITABLE_ROLES, ROLE_LABELS } from '#shared/permissions.js';
import { useWatch } from 'react-hook-form';
import { SelectField, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Alert } from '#web/components/ui/alert.js';
import { toOptions } from '#web/components/ui/select.js';
import { useToast } from '#web/components/ui/toast.js';
import { useCreateAdmin, useUpdateAdminRole, type TCreatableRole } from '#web/features/admin/management/api/admins.js';
import { FormDialog } from '#web/components/form/form-dialog.js';

type AdminFormDialogProps = {
  /** The admin being edited (only the role can change), or null to create one. */
  admin: TStaffMember | null;
  onClose: () => void;
};

/** On edit only the role changes: the locked name and email are not judged again. */
const ZEditStaffForm = ZCreateStaffRequest.extend({ fullName: z.string(), email: z.string() });

/** Create Admin / Edit Admin (docs/product.md §2 and §5). On edit, name and email are locked. */
export function AdminFormDialog({ admin, onClose }: AdminFormDialogProps) {
  const isEdit = admin !== null;
  const form = useZodForm(isEdit ? ZEditStaffForm : ZCreateStaffRequest, {
    defaultValues: {
      fullName: admin?.fullName ?? '',
      email: admin?.email ?? '',
      role: (admin && admin.role !== 'super_admin' ? admin.role : 'support') as TCreatableRole,
      code: '',
    },
  });
  const role = useWatch({ control: form.control, name: 'role' });
  const create = useCreateAdmin();
  const update = useUpdateAdminRole();
  const isPending = create.isPending || update.isPending;
  const toast = useToast();
  const onError = (error: unknown) => showServerError(form, error, { fallback: STAFF_MSG.genericError });

  return (
    <FormDialog
      title={isEdit ? 'Edit Admin' : 'Create Admin'}
      form={form}
      isSaving={isPending}
      submitLabel={isEdit ? 'Update Role' : 'Create Admin'}
      onClose={onClose}
      onSubmit={(values) => {
        if (isEdit) {
          const onSuccess = () => {
            toast.success(STAFF_MSG.roleUpdated);
            onClose();
          };
          if (values.role !== 'super_admin') update.mutate({ id: admin.id, role: values.role }, { onSuccess, onError });
          return;
        }
        const onSuccess = () => {
          toast.success(STAFF_MSG.created);
          onClose();
        };
        const { code, ...rest } = values;
        create.mutate(rest.role === 'super_admin' && code ? { ...rest, code } : rest, { onSuccess, onError });
      }}
    >
      <TextField
        label="Full name"
        name="fullName"
        autoComplete="off"
        maxLength={100}
        required
        readOnly={isEdit}
        disabled={isEdit || isPending}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="off"
        maxLength={254}
        required
        readOnly={isEdit}
        disabled={isEdit || isPending}
      />
      <SelectField
        label="Role"
        name="role"
        disabled={isPending}
        options={toOptions(isEdit ? EDITABLE_ROLES : CREATABLE_ROLES, ROLE_LABELS)}
      />
      {!isEdit && role === 'super_admin' && (
        <>
          <Alert variant="warning">
            Another Super Admin can do everything you can, and can approve changes of where money goes. Confirm with your code.
          </Alert>
          <TextField
            label="Authentication code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={40}
            hint="The 6-digit code from your authenticator app."
            disabled={isPending}
          />
        </>
      )}
      {!isEdit && <Alert variant="info">{STAFF_MSG.invitationNote}</Alert>}
    </FormDialog>
  );
}
