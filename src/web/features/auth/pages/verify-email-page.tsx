import { useEffect, useRef } from 'react';
import { Link, Navigate, useSearchParams } from '#web/lib/router.js';
import { VERIFY_MSG } from '#shared/contracts/email-verification.js';
import { Alert } from '#web/components/ui/alert.js';
import { paths } from '#web/lib/paths.js';
import { useVerifyEmail } from '#web/features/auth/api/verify-email.js';
import { AuthCard } from '#web/features/auth/components/auth-card.js';

/**
 * The emailed confirmation link (issue 26 point 5, docs/decisions/024). The page posts its token;
 * the first time, the person is signed in and sees the 'Account Created!' screen (docs/product.md §2).
 */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verify = useVerifyEmail();
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  if (verify.isSuccess && verify.data.user) {
    // The 'Account Created!' page adopts the new session (account-created-page.tsx).
    return <Navigate to={paths.accountCreated.getHref()} replace state={{ user: verify.data.user }} />;
  }

  return (
    <AuthCard title="Confirm your email">
      {!token || verify.isError ? (
        <Alert variant="error">{VERIFY_MSG.linkInvalid}</Alert>
      ) : verify.isSuccess ? (
        <Alert variant="success">{VERIFY_MSG.verifiedSignIn}</Alert>
      ) : (
        <p role="status" className="text-slate-700">
          {VERIFY_MSG.verifying}
        </p>
      )}
      {(!token || verify.isError || verify.isSuccess) && (
        <p className="mt-4 text-sm">
          <Link to={paths.login.getHref()}>Log in here</Link>
        </p>
      )}
    </AuthCard>
  );
}
