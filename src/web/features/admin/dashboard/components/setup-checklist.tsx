import { Link } from '#web/lib/router.js';
import { EMAIL_HEALTH_MSG, type TSetupStatus } from '#shared/contracts/setup.js';
import { Alert } from '#web/components/ui/alert.js';
import { paths } from '#web/lib/paths.js';
import { QueryErrorAlert } from '#web/components/ui/query-error-alert.js';
import { useSetupStatus } from '#web/features/admin/dashboard/api/get-setup-status.js';
import { buildSetupEntries } from '#web/features/admin/dashboard/lib/setup-items.js';

/** The items still to do, each with what is missing and a link to the page that fixes it. */
export function SetupChecklistCard({ status }: { status: TSetupStatus }) {
  const entries = buildSetupEntries(status);
  const open = entries.filter((entry) => !entry.isDone);
  const done = entries.length - open.length;
  if (open.length === 0) return null;
  const tradingBlocked = !status.paymentMethods.isDone || !status.depositAddresses.isDone;
  return (
    <section aria-labelledby="setup-heading" className="card space-y-4 border-amber-200 bg-amber-50/60">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-heading" className="text-lg font-semibold text-slate-900">
          Finish setting up
        </h2>
        <p className="text-sm font-medium text-slate-700" data-testid="setup-progress">
          {done} of {entries.length} done
        </p>
      </div>
      <p className="text-sm text-slate-700">
        {tradingBlocked
          ? 'Customers see “Trading opens soon” until payment methods and deposit addresses are set. '
          : 'Customers can trade. '}
        This list shows what is left and disappears when everything is done.
      </p>
      <ol className="space-y-3" aria-label="Setup steps left">
        {open.map((entry) => (
          <li key={entry.id} data-setup-item={entry.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <h3 className="font-semibold text-slate-900">{entry.title}</h3>
            <p className="mt-1 text-sm text-slate-700">{entry.detail}</p>
            {entry.note && <p className="mt-1 text-sm text-slate-600">{entry.note}</p>}
            <Link to={entry.href} aria-label={`${entry.linkLabel}: ${entry.title}`} className="mt-2 inline-block text-sm font-semibold">
              {entry.linkLabel}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Emails of the last day that did not go out (issue 27 point 7, docs/decisions/033), with a link
 * to the Email Log filtered to them; nothing while every email went out.
 */
export function EmailFailureWarning({ failures }: { failures: TSetupStatus['emailFailures'] }) {
  if (failures.count === 0) return null;
  return (
    <Alert variant="warning">
      <p className="font-semibold">{EMAIL_HEALTH_MSG.title}</p>
      <p className="mt-1">{EMAIL_HEALTH_MSG.warning(failures.count, failures.windowHours)}</p>
      <Link to={`${paths.admin.emails.getHref()}?status=undelivered`} className="mt-2 inline-block font-semibold">
        {EMAIL_HEALTH_MSG.link}
      </Link>
    </Alert>
  );
}

/**
 * The super admin's first-run checklist on the dashboard (issue 16): shown until every item is
 * done; other staff roles never ask for it (the 'setup' area of src/shared/permissions.ts). The
 * warning of emails not delivered comes with it, whether or not the checklist is done.
 */
export function SetupChecklist({ isEnabled }: { isEnabled: boolean }) {
  const query = useSetupStatus({ isEnabled });
  if (!isEnabled) return null;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  return query.data ? (
    <>
      <EmailFailureWarning failures={query.data.emailFailures} />
      <SetupChecklistCard status={query.data} />
    </>
  ) : null;
}
