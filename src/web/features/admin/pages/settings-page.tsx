import { PageHeading } from '../../../components/page-heading';
import { Spinner } from '../../../components/ui/spinner';
import { useSettings } from '../settings/api/settings';
import { SettingsForm } from '../settings/components/settings-form';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';

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
        <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <SettingsForm settings={query.data} />
      )}
    </section>
  );
}
