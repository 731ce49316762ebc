import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ZChangePasswordRequest } from '#shared/contracts/account.js';
import { MSG } from '#shared/messages.js';
import { Form, FormAlert, PasswordField, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Button } from '#web/components/ui/button.js';
import { PasswordStrengthMeter } from '#web/components/ui/password-strength-meter.js';
import { useToast } from '#web/components/ui/toast.js';
import { useChangePassword } from '#web/features/auth/api/change-password.js';

const ZChangePasswordForm = ZChangePasswordRequest.extend({ confirmPassword: z.string(), code: z.string().trim() }).refine(
  (values) => values.confirmPassword === values.newPassword,
  { path: ['confirmPassword'], message: MSG.passwordsDoNotMatch, when: () => true },
);

/**
 * Change password (docs/decisions/023): current, new (with the strength meter) and its
 * confirmation, and for staff the authenticator code. Other sessions end on the server.
 */
export function ChangePasswordForm({
  isStaff,
  userInputs = [],
  onDone,
}: {
  isStaff: boolean;
  userInputs?: string[];
  /** After a successful change (the toast has said so). */
  onDone?: () => void;
}) {
  const form = useZodForm(ZChangePasswordForm, { defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '', code: '' } });
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });
  const change = useChangePassword();
  const toast = useToast();

  return (
    <Form
      form={form}
      className="space-y-4"
      onSubmit={({ currentPassword, newPassword: password, code }) => {
        if (isStaff && !/^\d{6}$/.test(code)) {
          form.setError('code', { message: MSG.authenticatorCodeFormat }, { shouldFocus: true });
          return;
        }
        if (change.isPending) return;
        change.mutate(
          { currentPassword, newPassword: password, ...(isStaff ? { code } : {}) },
          {
            onSuccess: () => {
              form.reset();
              toast.success(MSG.passwordChanged);
              onDone?.();
            },
            onError: (error) => showServerError(form, error),
          },
        );
      }}
    >
      <FormAlert />
      <PasswordField label="Current password" name="currentPassword" autoComplete="current-password" required />
      <PasswordField
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        required
        hint={newPassword ? <PasswordStrengthMeter password={newPassword} userInputs={userInputs} /> : 'At least 12 characters.'}
      />
      <PasswordField label="Confirm new password" name="confirmPassword" autoComplete="new-password" required />
      {isStaff && (
        <TextField
          label="Code from your authenticator app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
        />
      )}
      <Button type="submit" className="w-full" isLoading={change.isPending}>
        Change password
      </Button>
    </Form>
  );
}
