import { ZTwoFactorPasswordRequest } from '#shared/contracts/two-factor.js';
import { Form, FormAlert, PasswordField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Button } from '#web/components/ui/button.js';

type CurrentPasswordFormProps = {
  submitLabel: string;
  variant?: 'primary' | 'danger';
  isPending: boolean;
  /** Called with the typed password and with what shows the server's refusal on its field. */
  onSubmit: (password: string, showError: (error: unknown) => void) => void;
};

/** "Current password" before a change of the second factor (turning it on or off). */
export function CurrentPasswordForm({ submitLabel, variant = 'primary', isPending, onSubmit }: CurrentPasswordFormProps) {
  const form = useZodForm(ZTwoFactorPasswordRequest, { defaultValues: { password: '' } });
  return (
    <Form
      form={form}
      className="space-y-3"
      onSubmit={({ password }) => {
        if (!isPending) onSubmit(password, (error) => showServerError(form, error));
      }}
    >
      <FormAlert />
      <PasswordField label="Current password" name="password" autoComplete="current-password" required />
      <Button type="submit" variant={variant} className={variant === 'primary' ? 'w-full' : undefined} isLoading={isPending}>
        {submitLabel}
      </Button>
    </Form>
  );
}
