import { useState } from 'react';
import { Link } from '#web/lib/router.js';
import { VERIFY_MSG, type TSignupResponse } from '#shared/contracts/email-verification.js';
import { Alert } from '#web/components/ui/alert.js';
import { paths } from '#web/lib/paths.js';
import { AuthCard } from '#web/features/auth/components/auth-card.js';
import { SignupForm } from '#web/features/auth/components/signup-form.js';

/**
 * Sign-up (docs/product.md §2). Its answer is "check your email" for a new address and for one
 * that has an account alike (issue 26 point 7, docs/decisions/024): the 'Account Created!'
 * screen follows the emailed link instead (verify-email-page.tsx).
 */
export function SignupPage() {
  const [sent, setSent] = useState<TSignupResponse | null>(null);

  if (sent) {
    return (
      <AuthCard
        title={VERIFY_MSG.checkEmailTitle}
        footer={
          <>
            Already confirmed? <Link to={paths.login.getHref()}>Log in here</Link>
          </>
        }
      >
        <Alert variant="success">{sent.message}</Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your account"
      description="It takes a minute. You can trade up to $20 before verifying your identity."
      footer={
        <>
          Already have an account? <Link to={paths.login.getHref()}>Log in here</Link>
        </>
      }
    >
      <SignupForm onSent={setSent} />
    </AuthCard>
  );
}
