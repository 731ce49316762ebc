import { useState } from 'react';
import { Link, useNavigate } from '#web/lib/router.js';
import { ZLoginRequest } from '#shared/contracts/account.js';
import { MSG } from '#shared/messages.js';
import { Form, FormAlert, PasswordField, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError, getErrorMessage } from '#web/lib/api.js';
import { paths } from '#web/lib/paths.js';
import { useLogin } from '#web/features/auth/api/login.js';
import { SecondFactorForm } from './second-factor-form';

type LoginFormProps = {
  portal: 'customer' | 'admin';
  defaultEmail?: string;
};

/** Email + password form for both portals; the route guards redirect once signed in. */
export function LoginForm({ portal, defaultEmail = '' }: LoginFormProps) {
  const form = useZodForm(ZLoginRequest, { defaultValues: { email: defaultEmail, password: '', portal } });
  const [isCodeStep, setIsCodeStep] = useState(false);
  /** Why the code step sent the person back here (an expired sign-in). */
  const [restartReason, setRestartReason] = useState<string | null>(null);
  /**
   * A staff account slowed by failed sign-ins from elsewhere (docs/decisions/010): the password
   * and the authenticator code together sign in at once.
   */
  const [askCodeWithPassword, setAskCodeWithPassword] = useState(false);
  const loginMutation = useLogin();
  const navigate = useNavigate();
  const toast = useToast();

  if (isCodeStep) {
    return (
      <SecondFactorForm
        portal={portal}
        onRestart={(message) => {
          setIsCodeStep(false);
          form.setValue('password', '');
          setRestartReason(message);
        }}
      />
    );
  }

  return (
    <Form
      form={form}
      className="space-y-4"
      onSubmit={(request) => {
        setRestartReason(null);
        loginMutation.mutate(request, {
          onSuccess: ({ twoFactorRequired }) => {
            if (twoFactorRequired) setIsCodeStep(true);
          },
          onError: (error) => {
            if (error instanceof ApiError && error.code === 'ADMIN_LOGIN_REQUIRED') {
              // docs/product.md §6: customer login falls back to the admin login automatically; the
              // form is left, so the reason goes with the person as a toast.
              toast.error(getErrorMessage(error));
              void navigate(paths.admin.login.getHref({ email: request.email }));
              return;
            }
            if (portal === 'admin' && error instanceof ApiError && error.code === 'RATE_LIMITED') setAskCodeWithPassword(true);
            showServerError(form, error);
          },
        });
      }}
    >
      {restartReason && <Alert variant="error">{restartReason}</Alert>}
      <FormAlert />
      <TextField label="Email" type="email" name="email" autoComplete="email" inputMode="email" required />
      <PasswordField label="Password" name="password" autoComplete="current-password" required />
      {askCodeWithPassword && (
        <TextField
          label="Authenticator code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          hint={MSG.signInCodeHint}
        />
      )}
      {portal === 'customer' && (
        <p className="text-right text-sm">
          <Link to={paths.forgotPassword.getHref()}>Forgot password?</Link>
        </p>
      )}
      <Button type="submit" className="w-full" isLoading={loginMutation.isPending}>
        Log in
      </Button>
    </Form>
  );
}
