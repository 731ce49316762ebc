import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ZPassword } from '#shared/contracts/account.js';
import { MSG } from '#shared/messages.js';
import { Form, FormAlert, PasswordField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Button } from '#web/components/ui/button.js';
import { PasswordStrengthMeter } from '#web/components/ui/password-strength-meter.js';

const ZNewPasswordForm = z
  .object({ password: ZPassword, confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.password, {
    path: ['confirmPassword'],
    message: MSG.passwordsDoNotMatch,
    when: () => true,
  });

type NewPasswordFormProps = {
  submitLabel: string;
  isPending: boolean;
  /**
   * Called with a password that passed the rules (at least 12 characters, docs/decisions/023; confirmed),
   * and with what shows the server's refusal on the form.
   */
  onSubmit: (password: string, showError: (error: unknown) => void) => void;
};

/** New password + confirmation with the strength meter: the reset and the invitation pages. */
export function NewPasswordForm({ submitLabel, isPending, onSubmit }: NewPasswordFormProps) {
  const form = useZodForm(ZNewPasswordForm, { defaultValues: { password: '', confirmPassword: '' } });
  const password = useWatch({ control: form.control, name: 'password' });

  return (
    <Form
      form={form}
      className="space-y-4"
      onSubmit={(values) => {
        if (!isPending) onSubmit(values.password, (error) => showServerError(form, error));
      }}
    >
      <FormAlert />
      <PasswordField
        label="New password"
        name="password"
        autoComplete="new-password"
        required
        hint={password ? <PasswordStrengthMeter password={password} /> : undefined}
      />
      <PasswordField label="Confirm password" name="confirmPassword" autoComplete="new-password" required />
      <Button type="submit" className="w-full" isLoading={isPending}>
        {submitLabel}
      </Button>
    </Form>
  );
}
