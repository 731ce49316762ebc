import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ZSignupRequest, ZUsernameFormat, type TSignupRequest } from '#shared/contracts/account.js';
import { VERIFY_MSG, type TSignupResponse } from '#shared/contracts/email-verification.js';
import { ApiError } from '#web/lib/api.js';
import { fetchSignupChallenge, useSignup } from '#web/features/auth/api/signup.js';
import { solveChallenge } from '#web/features/auth/lib/proof-of-work.js';
import { MSG } from '#shared/messages.js';
import { Form, FormAlert, PasswordField, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Button } from '#web/components/ui/button.js';
import { PasswordStrengthMeter } from '#web/components/ui/password-strength-meter.js';
import { useCheckUsername } from '#web/features/auth/api/check-username.js';

/** Result of the on-blur availability check, for one exact username (`reason`: why it is refused). */
type UsernameCheck = { username: string; status: 'checking' | 'available' | 'taken' | 'failed'; reason?: string };

const ZSignupForm = ZSignupRequest.extend({ confirmPassword: z.string() }).refine((values) => values.confirmPassword === values.password, {
  path: ['confirmPassword'],
  message: MSG.passwordsDoNotMatch,
  when: () => true,
});

function getUsernameCheckError(check: UsernameCheck | null, username: string): string | undefined {
  if (!check || check.username !== username.trim()) return undefined;
  if (check.status === 'taken') return check.reason ?? MSG.usernameTaken(check.username);
  if (check.status === 'failed') return MSG.usernameCheckFailed;
  return undefined;
}

export function SignupForm({ onSent }: { onSent: (answer: TSignupResponse) => void }) {
  const form = useZodForm(ZSignupForm, {
    defaultValues: { username: '', fullName: '', email: '', phone: '', password: '', confirmPassword: '' },
  });
  const [username, password] = useWatch({ control: form.control, name: ['username', 'password'] });
  const [usernameCheck, setUsernameCheck] = useState<UsernameCheck | null>(null);
  const signupMutation = useSignup();
  const checkUsername = useCheckUsername();
  /** The proof-of-work check the server asked for (docs/decisions/024), while the browser solves it. */
  const [isSolving, setIsSolving] = useState(false);

  const submit = (request: TSignupRequest) => {
    signupMutation.mutate(request, {
      onSuccess: onSent,
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'CHALLENGE_REQUIRED' && !request.proof) {
          void solveAndSubmit(request);
          return;
        }
        showServerError(form, error);
      },
    });
  };

  const solveAndSubmit = async (request: TSignupRequest) => {
    setIsSolving(true);
    try {
      const proof = await solveChallenge(await fetchSignupChallenge());
      if (!proof) throw new ApiError({ code: 'CHALLENGE_INVALID', message: VERIFY_MSG.challengeInvalid, status: 400 });
      submit({ ...request, proof });
    } catch (error) {
      showServerError(form, error);
    } finally {
      setIsSolving(false);
    }
  };

  const onUsernameBlur = async () => {
    // The format here; whether the name is free, or reads as staff, the server says (with the reason).
    const parsed = ZUsernameFormat.safeParse(form.getValues('username'));
    if (!parsed.success) return;
    const name = parsed.data;
    if (usernameCheck?.username === name && usernameCheck.status !== 'failed') return;
    setUsernameCheck({ username: name, status: 'checking' });
    try {
      const { available, reason } = await checkUsername(name);
      setUsernameCheck({ username: name, status: available ? 'available' : 'taken', reason });
    } catch {
      setUsernameCheck({ username: name, status: 'failed' });
    }
  };

  const checkError = getUsernameCheckError(usernameCheck, username);
  const isCheckingUsername = usernameCheck?.status === 'checking' && usernameCheck.username === username.trim();

  return (
    <Form
      form={form}
      className="space-y-4"
      onSubmit={({ confirmPassword: _confirmation, phone, ...request }) => {
        if (usernameCheck?.status === 'taken' && checkError) {
          form.setError('username', { type: 'server', message: checkError }, { shouldFocus: true });
          return;
        }
        submit(phone ? { ...request, phone } : request);
      }}
    >
      <FormAlert />
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        registerOptions={{ onBlur: () => void onUsernameBlur() }}
        fallbackError={checkError}
        hint={isCheckingUsername ? 'Checking availability…' : undefined}
      />
      <TextField label="Full name" name="fullName" autoComplete="name" required />
      <TextField label="Email" type="email" name="email" autoComplete="email" inputMode="email" required />
      <TextField label="Phone (optional)" type="tel" name="phone" autoComplete="tel" inputMode="tel" placeholder="+233 24 123 4567" />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        required
        hint={password ? <PasswordStrengthMeter password={password} /> : undefined}
      />
      <PasswordField label="Confirm password" name="confirmPassword" autoComplete="new-password" required />
      <p role="status" className="text-sm text-slate-600">
        {isSolving ? VERIFY_MSG.challengeWorking : ''}
      </p>
      <Button type="submit" className="w-full" isLoading={signupMutation.isPending || isSolving}>
        Create account
      </Button>
    </Form>
  );
}
