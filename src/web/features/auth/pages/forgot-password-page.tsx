import { Link } from '#web/lib/router.js';
import { ZForgotPasswordRequest } from '#shared/contracts/account.js';
import { Form, FormAlert, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { paths } from '#web/lib/paths.js';
import { useForgotPassword } from '#web/features/auth/api/forgot-password.js';
import { AuthCard } from '#web/features/auth/components/auth-card.js';

export function ForgotPasswordPage() {
  const form = useZodForm(ZForgotPasswordRequest, { defaultValues: { email: '' } });
  const forgotPassword = useForgotPassword();

  return (
    <AuthCard
      title="Forgot password"
      description="Enter your email and we will send you a link to reset your password."
      footer={<Link to={paths.login.getHref()}>Back to log in</Link>}
    >
      {forgotPassword.isSuccess ? (
        <Alert variant="success">{forgotPassword.data.message}</Alert>
      ) : (
        <Form
          form={form}
          className="space-y-4"
          onSubmit={(request) => forgotPassword.mutate(request, { onError: (error) => showServerError(form, error) })}
        >
          <FormAlert />
          <TextField label="Email" type="email" name="email" autoComplete="email" inputMode="email" required />
          <Button type="submit" className="w-full" isLoading={forgotPassword.isPending}>
            Send reset link
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
