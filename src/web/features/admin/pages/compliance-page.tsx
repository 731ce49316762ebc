import { useId, useState } from 'react';
import { useSearchParams } from '#web/lib/router.js';
import { canAccess } from '#shared/permissions.js';
import { PageHeading } from '#web/components/page-heading.js';
import { MutationConfirmDialog } from '#web/components/ui/mutation-confirm-dialog.js';
import { QueryContent } from '#web/components/ui/query-content.js';
import { Textarea } from '#web/components/ui/textarea.js';
import { cn } from '#web/lib/cn.js';
import { useSession } from '#web/lib/session.js';
import { useComplianceSettings, useDecideAlert, type TAlertDecision } from '#web/features/admin/compliance/api/compliance.js';
import { AlertDialog } from '#web/features/admin/compliance/components/alert-dialog.js';
import { AlertsQueue } from '#web/features/admin/compliance/components/alerts-queue.js';
import { CasesList } from '#web/features/admin/compliance/components/cases-list.js';
import { ComplianceSettingsForm } from '#web/features/admin/compliance/components/compliance-settings-form.js';
import { FicReports } from '#web/features/admin/compliance/components/fic-reports.js';
import { SanctionsLists } from '#web/features/admin/compliance/components/sanctions-lists.js';

const VIEWS = [
  { id: 'alerts', label: 'Alerts' },
  { id: 'cases', label: 'Cases' },
  { id: 'fic-reports', label: 'FIC reports' },
  { id: 'sanctions', label: 'Sanctions' },
  { id: 'settings', label: 'Settings' },
] as const;
type TView = (typeof VIEWS)[number]['id'];

const DECISION_TEXT: Record<TAlertDecision, { title: string; description: string; confirmLabel: string; success: string }> = {
  clear: {
    title: 'Clear this alert?',
    description: 'The alert is closed as explained. An order it held can then be approved. The customer is not told.',
    confirmLabel: 'Clear alert',
    success: 'Alert cleared.',
  },
  escalate: {
    title: 'Escalate to a suspicious-activity case?',
    description:
      'A case opens (or the customer’s open case takes the alert) with its report due to the FIC within 24 hours. An order it holds stays held. The customer is not told.',
    confirmLabel: 'Escalate to case',
    success: 'Alert escalated to a case.',
  },
};

/**
 * /admin/compliance 'Compliance' (issue 18, docs/decisions/017): the alerts queue and an alert's
 * review (Clear or Escalate after a confirmation), the suspicious-activity cases with their
 * 24-hour timers and exports, and the monitoring settings (the super admin edits them).
 */
export function CompliancePage() {
  const [params, setParams] = useSearchParams();
  const view: TView = VIEWS.some((item) => item.id === params.get('view')) ? (params.get('view') as TView) : 'alerts';
  const { user } = useSession();
  const [openId, setOpenId] = useState<number | null>(null);
  const [decision, setDecision] = useState<TAlertDecision | null>(null);
  const decide = useDecideAlert();
  const [reason, setReason] = useState('');
  const reasonId = useId();

  return (
    <section className="min-w-0">
      <PageHeading title="Compliance" description="Monitoring alerts, suspicious-activity cases and records. Customers are never told." />
      <div role="group" aria-label="Compliance view" className="mb-4 inline-flex gap-1 rounded-lg border border-slate-300 bg-white p-1">
        {VIEWS.map((item) => (
          <button
            key={item.id}
            type="button"
            aria-pressed={view === item.id}
            onClick={() => setParams(item.id === 'alerts' ? {} : { view: item.id }, { replace: true })}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-semibold',
              view === item.id ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {item.label}
          </button>
        ))}
      </div>

      {view === 'alerts' && <AlertsQueue onOpen={setOpenId} />}
      {view === 'cases' && <CasesList />}
      {view === 'fic-reports' && <FicReports canEdit={canAccess(user?.role, 'complianceSettings')} />}
      {view === 'sanctions' && <SanctionsLists />}
      {view === 'settings' && <SettingsView canEdit={canAccess(user?.role, 'complianceSettings')} />}

      {openId !== null && <AlertDialog id={openId} onClose={() => setOpenId(null)} onDecide={setDecision} />}
      {openId !== null && decision && (
        <MutationConfirmDialog
          title={DECISION_TEXT[decision].title}
          description={DECISION_TEXT[decision].description}
          confirmLabel={DECISION_TEXT[decision].confirmLabel}
          variant={decision === 'escalate' ? 'danger' : 'primary'}
          mutation={decide}
          variables={{ id: openId, decision, reason }}
          successMessage={DECISION_TEXT[decision].success}
          onClose={() => {
            setDecision(null);
            setReason('');
          }}
        >
          {decision === 'clear' && (
            <Textarea
              id={reasonId}
              label="Reason"
              rows={3}
              maxLength={2000}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              hint="Why the alert needs nothing more. Kept as a note on the alert and in the audit log."
            />
          )}
        </MutationConfirmDialog>
      )}
    </section>
  );
}

function SettingsView({ canEdit }: { canEdit: boolean }) {
  const query = useComplianceSettings();
  return (
    <QueryContent query={query} loadingText="Loading the monitoring settings…">
      {(settings) => <ComplianceSettingsForm settings={settings} canEdit={canEdit} />}
    </QueryContent>
  );
}
