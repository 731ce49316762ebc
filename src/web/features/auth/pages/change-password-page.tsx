import { PageHeading } from '#web/components/page-heading.js';
import { useSession } from '#web/lib/session.js';
import { ChangePasswordForm } from '#web/features/auth/components/change-password-form.js';

/** /admin/password: a staff member changes their password, confirmed with the authenticator (docs/decisions/023). */
export function ChangePasswordPage() {
  const { user } = useSession();
  return (
    <div className="max-w-xl space-y-6">
      <PageHeading title="Change password" description="At least 12 characters. Your other sessions are signed out." />
      <section className="card">
        <ChangePasswordForm isStaff userInputs={user ? [user.email, user.username, user.fullName] : []} />
      </section>
    </div>
  );
}
