import { useState, type FormEvent } from 'react';
import { ZSignupRequest, ZUsernameFormat, type TProfile } from '#shared/contracts/account.js';
import { MSG } from '#shared/messages.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { Input } from '#web/components/ui/input.js';
import { PasswordStrengthMeter } from '#web/components/ui/password-strength-meter.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError, getErrorMessage } from '#web/lib/api.js';
import { getFieldErrors, type FieldErrors } from '#web/lib/form-errors.js';
import { useCheckUsername } from '#web/features/auth/api/check-username.js';
import { useSignup } from '#web/features/auth/api/signup.js';

type SignupField = 'username' | 'fullName' | 'email' | 'phone' | 'password' | 'confirmPassword';
type SignupValues = Record<SignupField, string>;

/** Result of the on-blur availability check, for one exact username (`reason`: why it is refused). */
type UsernameCheck = { username: string; status: 'checking' | 'available' | 'taken' | 'failed'; reason?: string };

const EMPTY_VALUES: SignupValues = { username: '', fullName: '', email: '', phone: '', password: '', confirmPassword: '' };

function getUsernameCheckError(check: UsernameCheck | null, username: string): string | undefined {
  if (!check || check.username !== username.trim()) return undefined;
  if (check.status === 'taken') return check.reason ?? MSG.usernameTaken(check.username);
  if (check.status === 'failed') return MSG.usernameCheckFailed;
  return undefined;
}

export function SignupForm({ onCreated }: { onCreated: (user: TProfile) => void }) {
  const [values, setValues] = useState<SignupValues>(EMPTY_VALUES);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<SignupField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [usernameCheck, setUsernameCheck] = useState<UsernameCheck | null>(null);
  const signupMutation = useSignup();
  const checkUsername = useCheckUsername();
  const toast = useToast();

  const setValue = (field: SignupField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onUsernameBlur = async () => {
    // The format here; whether the name is free, or reads as staff, the server says (with the reason).
    const parsed = ZUsernameFormat.safeParse(values.username);
    if (!parsed.success) return;
    const username = parsed.data;
    if (usernameCheck?.username === username && usernameCheck.status !== 'failed') return;
    setUsernameCheck({ username, status: 'checking' });
    try {
      const { available, reason } = await checkUsername(username);
      setUsernameCheck({ username, status: available ? 'available' : 'taken', reason });
    } catch {
      setUsernameCheck({ username, status: 'failed' });
    }
  };

  const validate = () => {
    const request = {
      username: values.username,
      fullName: values.fullName,
      email: values.email,
      password: values.password,
      ...(values.phone.trim() ? { phone: values.phone } : {}),
    };
    const parsed = ZSignupRequest.safeParse(request);
    const errors: FieldErrors<SignupField> = parsed.success ? {} : getFieldErrors<SignupField>(parsed.error);
    if (values.confirmPassword !== values.password) errors.confirmPassword = MSG.passwordsDoNotMatch;
    const usernameError = getUsernameCheckError(usernameCheck, values.username);
    if (!errors.username && usernameCheck?.status === 'taken' && usernameError) errors.username = usernameError;
    return { errors, request: parsed.success ? parsed.data : null };
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const { errors, request } = validate();
    setFieldErrors(errors);
    if (!request || Object.values(errors).some(Boolean)) return;

    signupMutation.mutate(request, {
      onSuccess: ({ user }) => onCreated(user),
      onError: (error) => {
        const message = getErrorMessage(error);
        if (error instanceof ApiError && error.code === 'USERNAME_TAKEN') {
          setFieldErrors({ username: message });
          return;
        }
        if (error instanceof ApiError && error.fields) setFieldErrors(error.fields as FieldErrors<SignupField>);
        setFormError(message);
        toast.error(message);
      },
    });
  };

  const usernameError = fieldErrors.username ?? getUsernameCheckError(usernameCheck, values.username);
  const isCheckingUsername = usernameCheck?.status === 'checking' && usernameCheck.username === values.username.trim();

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {formError && <Alert variant="error">{formError}</Alert>}
      <Input
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={values.username}
        onChange={(event) => {
          setValue('username', event.target.value);
        }}
        onBlur={() => void onUsernameBlur()}
        error={usernameError}
        hint={isCheckingUsername ? 'Checking availability…' : undefined}
      />
      <Input
        label="Full name"
        name="fullName"
        autoComplete="name"
        required
        value={values.fullName}
        onChange={(event) => setValue('fullName', event.target.value)}
        error={fieldErrors.fullName}
      />
      <Input
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={values.email}
        onChange={(event) => setValue('email', event.target.value)}
        error={fieldErrors.email}
      />
      <Input
        label="Phone (optional)"
        type="tel"
        name="phone"
        autoComplete="tel"
        inputMode="tel"
        placeholder="+233 24 123 4567"
        value={values.phone}
        onChange={(event) => setValue('phone', event.target.value)}
        error={fieldErrors.phone}
      />
      <Input
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={(event) => setValue('password', event.target.value)}
        error={fieldErrors.password}
        hint={values.password ? <PasswordStrengthMeter password={values.password} /> : undefined}
      />
      <Input
        label="Confirm password"
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        onChange={(event) => setValue('confirmPassword', event.target.value)}
        error={fieldErrors.confirmPassword}
      />
      <Button type="submit" className="w-full" isLoading={signupMutation.isPending}>
        Create account
      </Button>
    </form>
  );
}
