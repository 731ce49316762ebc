import { PageHeading } from '../../../components/page-heading';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api';
import { useSettings } from '../settings/api/settings';
import { SettingsForm } from '../settings/components/settings-form';

/** /admin/settings: notification email, service fee and SMTP (spec section 2; super admin only). */
export function SettingsPage() {
  const query = useSettings();

  return (
    <section>
      <PageHeading title="Settings" description="System, fee and email delivery settings." />
      {query.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-700">
          <Spinner className="text-brand-700" /> Loading settings…
        </p>
      ) : query.isError ? (
        <Alert variant="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>{getErrorMessage(query.error)}</span>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <SettingsForm settings={query.data} />
      )}
    </section>
  );
}
