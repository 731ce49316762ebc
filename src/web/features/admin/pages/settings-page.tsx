import { PageHeading } from '#web/components/page-heading.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { useSettings } from '#web/features/admin/settings/api/settings.js';
import { SettingsForm } from '#web/features/admin/settings/components/settings-form.js';
import { QueryErrorAlert } from '#web/components/ui/query-error-alert.js';

/** /admin/settings: notification email, service fee and SMTP (docs/product.md §2; super admin only). */
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
