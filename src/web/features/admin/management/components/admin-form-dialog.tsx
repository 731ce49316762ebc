import { useState, type FormEvent } from 'react';
import { ZCreateStaffRequest, STAFF_MSG, type TStaffMember } from '#shared/contracts/staff.js';
import { CREATABLE_ROLES, ROLE_LABELS } from '#shared/permissions.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { controlClassName, Field } from '#web/components/ui/field.js';
import { Input } from '#web/components/ui/input.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError, getErrorMessage } from '#web/lib/api.js';
import { getFieldErrors, type FieldErrors } from '#web/lib/form-errors.js';
import { useCreateAdmin, useUpdateAdminRole, type TCreatableRole } from '#web/features/admin/management/api/admins.js';

type TField = 'fullName' | 'email' | 'role';

type AdminFormDialogProps = {
  /** The admin being edited (only the role can change), or null to create one. */
  admin: TStaffMember | null;
  onClose: () => void;
};

/** Create Admin / Edit Admin (docs/product.md §2 and §5). On edit, name and email are locked. */
export function AdminFormDialog({ admin, onClose }: AdminFormDialogProps) {
  const isEdit = admin !== null;
  const [values, setValues] = useState({
    fullName: admin?.fullName ?? '',
    email: admin?.email ?? '',
    role: (admin && admin.role !== 'super_admin' ? admin.role : 'support') as TCreatableRole,
  });
  const [errors, setErrors] = useState<FieldErrors<TField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateAdmin();
  const update = useUpdateAdminRole();
  const isPending = create.isPending || update.isPending;
  const toast = useToast();

  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.fields) setErrors(error.fields as FieldErrors<TField>);
    setFormError(getErrorMessage(error, STAFF_MSG.genericError));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending) return;
    setFormError(null);
    if (isEdit) {
      update.mutate(
        { id: admin.id, role: values.role },
        {
          onSuccess: () => {
            toast.success(STAFF_MSG.roleUpdated);
            onClose();
          },
          onError,
        },
      );
      return;
    }
    const parsed = ZCreateStaffRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(getFieldErrors<TField>(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(STAFF_MSG.created);
        onClose();
      },
      onError,
    });
  };

  return (
    <Dialog
      isOpen
      onClose={() => {
        if (!isPending) onClose();
      }}
      title={isEdit ? 'Edit Admin' : 'Create Admin'}
      size="md"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" form="admin-form" isLoading={isPending} loadingText="Saving...">
            {isEdit ? 'Update Role' : 'Create Admin'}
          </Button>
        </>
      }
    >
      <form id="admin-form" noValidate onSubmit={onSubmit} className="space-y-4">
        {formError && <Alert variant="error">{formError}</Alert>}
        <Input
          label="Full name"
          name="fullName"
          autoComplete="off"
          maxLength={100}
          required
          readOnly={isEdit}
          disabled={isEdit || isPending}
          value={values.fullName}
          onChange={(event) => setValues((current) => ({ ...current, fullName: event.target.value }))}
          error={errors.fullName}
        />
        <Input
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          maxLength={254}
          required
          readOnly={isEdit}
          disabled={isEdit || isPending}
          value={values.email}
          onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
          error={errors.email}
        />
        <Field label="Role" error={errors.role}>
          {(control) => (
            <select
              {...control}
              name="role"
              className={controlClassName}
              value={values.role}
              disabled={isPending}
              onChange={(event) => setValues((current) => ({ ...current, role: event.target.value as TCreatableRole }))}
            >
              {CREATABLE_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {!isEdit && <Alert variant="info">{STAFF_MSG.invitationNote}</Alert>}
      </form>
    </Dialog>
  );
}
