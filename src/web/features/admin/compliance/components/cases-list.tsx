import { useState } from 'react';
import {
  CASE_STATUS_LABELS,
  COMPLIANCE_MSG,
  complianceCaseExportPath,
  ZFileCaseRequest,
  ZLegalHoldRequest,
  ZNoReportCaseRequest,
  type TCaseStatus,
  type TComplianceCase,
} from '#shared/contracts/compliance.js';
import { caseGoamlPath } from '#shared/contracts/goaml.js';
import { DownloadCsvButton } from '#web/components/download-csv-button.js';
import { FormDialog } from '#web/components/form/form-dialog.js';
import { TextareaField, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { Select } from '#web/components/ui/select.js';
import { useToast } from '#web/components/ui/toast.js';
import { formatDateTime } from '#web/lib/format-date.js';
import {
  useCases,
  useCloseCaseWithoutReport,
  useFileCase,
  useLegalHold,
  useOverdueCaseCount,
} from '#web/features/admin/compliance/api/compliance.js';
import { describeDue, useServerNow } from '#web/features/admin/compliance/lib/case-timer.js';

type TCaseStatusFilter = TCaseStatus | 'all';
const STATUS_OPTIONS = [
  { value: 'open', label: CASE_STATUS_LABELS.open },
  { value: 'filed', label: CASE_STATUS_LABELS.filed },
  { value: 'no_report', label: CASE_STATUS_LABELS.no_report },
  { value: 'all', label: 'All' },
];

/**
 * Suspicious-activity cases: each with the time left until the FIC report is due (24 hours from
 * the escalation) or how overdue it is, its CSV export for the filing, and 'Mark filed' with the
 * FIC's reference, or 'No report needed' with the officer's reason (issue 27 point 5).
 */
export function CasesList() {
  const [status, setStatus] = useState<TCaseStatusFilter>('open');
  const query = useCases(status);
  const now = useServerNow(query.data?.now);
  const [filing, setFiling] = useState<TComplianceCase | null>(null);
  const [ending, setEnding] = useState<TComplianceCase | null>(null);
  const [holding, setHolding] = useState<TComplianceCase | null>(null);
  const overdue = useOverdueCaseCount().data?.count ?? 0;

  const columns: TColumn<TComplianceCase>[] = [
    { header: 'Case', className: 'font-medium whitespace-nowrap', cell: (item) => `#${item.id}` },
    {
      header: 'Customer',
      cell: (item) => (
        <>
          <span className="block font-medium text-slate-900">{item.customerName}</span>
          <span className="block text-xs break-all text-slate-600">{item.customerEmail}</span>
        </>
      ),
    },
    { header: 'Escalated', cell: (item) => formatDateTime(item.openedAt) },
    {
      header: 'FIC report',
      cell: (item) => {
        if (item.status === 'no_report') {
          return (
            <span>
              <Badge>{CASE_STATUS_LABELS.no_report}</Badge>
              <span className="mt-1 block text-xs whitespace-pre-line text-slate-600">{item.noReportReason}</span>
            </span>
          );
        }
        if (item.status === 'filed') {
          return (
            <span>
              <Badge variant="success">Filed</Badge>
              <span className="mt-1 block text-xs text-slate-600">Reference {item.ficReference}</span>
            </span>
          );
        }
        const due = describeDue(item.dueAt, now);
        return (
          <span>
            <Badge variant={due.isOverdue ? 'danger' : 'warning'}>{due.text}</Badge>
            <span className="mt-1 block text-xs text-slate-600">Due {formatDateTime(item.dueAt)}</span>
          </span>
        );
      },
    },
    { header: 'Alerts', cell: (item) => item.alertIds.map((id) => `#${id}`).join(', ') },
    {
      header: 'Records',
      cell: (item) =>
        item.legalHold ? (
          <span>
            <Badge variant="warning">Legal hold</Badge>
            <span className="mt-1 block text-xs text-slate-600">Since {formatDateTime(item.legalHold.since)}</span>
            <span className="mt-1 block text-xs whitespace-pre-line text-slate-600">{item.legalHold.reason}</span>
          </span>
        ) : (
          <span className="text-sm text-slate-600">Retention applies</span>
        ),
    },
    {
      header: 'Actions',
      isHeaderHidden: true,
      cell: (item) => (
        <div className="flex flex-col items-end gap-2">
          <DownloadCsvButton
            path={complianceCaseExportPath(item.id)}
            query={new URLSearchParams()}
            fallbackName={`cedicrypto-case-${item.id}.csv`}
            label={`Export case #${item.id}`}
            description="The customer, their orders, documents list, alerts and notes, for filing with the FIC"
          />
          <DownloadCsvButton
            path={caseGoamlPath(item.id)}
            query={new URLSearchParams()}
            fallbackName={`goaml-str-case-${item.id}.xml`}
            label={`goAML XML for case #${item.id}`}
            description="The case as a goAML suspicious transaction report, to upload to the FIC"
          />
          {item.status === 'open' && (
            <Button size="sm" onClick={() => setFiling(item)} aria-label={`Mark case #${item.id} filed`}>
              Mark filed
            </Button>
          )}
          {item.status === 'open' && (
            <Button size="sm" variant="outline" onClick={() => setEnding(item)} aria-label={`No report needed for case #${item.id}`}>
              No report needed
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            onClick={() => setHolding(item)}
            aria-label={item.legalHold ? `Lift legal hold on ${item.customerName}` : `Place ${item.customerName} on legal hold`}
          >
            {item.legalHold ? 'Lift legal hold' : 'Legal hold'}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      {overdue > 0 && (
        <p role="status" className="rounded-md border border-red-300 bg-red-50 p-2 text-sm font-semibold text-red-900">
          {COMPLIANCE_MSG.overdueCases(overdue)}
        </p>
      )}
      <Select
        label="Case status"
        name="caseStatus"
        fieldClassName="w-full sm:w-56"
        value={status}
        onChange={(event) => setStatus(event.target.value as TCaseStatusFilter)}
        options={STATUS_OPTIONS}
      />
      <DataTable
        caption="Suspicious-activity cases"
        columns={columns}
        rows={query.data?.cases ?? []}
        rowKey={(item) => item.id}
        query={query}
        loadingText="Loading cases…"
        emptyText={status === 'open' ? 'No open cases.' : 'No cases.'}
        wrap
      />
      {filing && <FileCaseDialog item={filing} onClose={() => setFiling(null)} />}
      {ending && <NoReportDialog item={ending} onClose={() => setEnding(null)} />}
      {holding && <LegalHoldDialog item={holding} onClose={() => setHolding(null)} />}
    </div>
  );
}

function FileCaseDialog({ item, onClose }: { item: TComplianceCase; onClose: () => void }) {
  const form = useZodForm(ZFileCaseRequest, { defaultValues: { ficReference: '' } });
  const fileCase = useFileCase();
  const toast = useToast();
  return (
    <FormDialog
      title={`Mark case #${item.id} filed`}
      form={form}
      isSaving={fileCase.isPending}
      submitLabel="Mark filed"
      onClose={onClose}
      onSubmit={({ ficReference }) =>
        fileCase.mutate(
          { id: item.id, ficReference },
          {
            onSuccess: () => {
              toast.success(`Case #${item.id} marked filed.`);
              onClose();
            },
            onError: (error) => showServerError(form, error),
          },
        )
      }
    >
      <p className="text-sm text-slate-700">The report on {item.customerName} was filed with the Financial Intelligence Centre.</p>
      <TextField name="ficReference" label="FIC reference" autoComplete="off" maxLength={100} />
    </FormDialog>
  );
}

function NoReportDialog({ item, onClose }: { item: TComplianceCase; onClose: () => void }) {
  const form = useZodForm(ZNoReportCaseRequest, { defaultValues: { reason: '' } });
  const end = useCloseCaseWithoutReport();
  const toast = useToast();
  return (
    <FormDialog
      title={`No report needed for case #${item.id}`}
      form={form}
      isSaving={end.isPending}
      submitLabel="End case without a report"
      onClose={onClose}
      onSubmit={({ reason }) =>
        end.mutate(
          { id: item.id, reason },
          {
            onSuccess: () => {
              toast.success(`Case #${item.id} ended: no report needed.`);
              onClose();
            },
            onError: (error) => showServerError(form, error),
          },
        )
      }
    >
      <p className="text-sm text-slate-700">The case on {item.customerName} ends without a report to the Financial Intelligence Centre.</p>
      <TextareaField name="reason" label="Reason" rows={3} maxLength={2000} hint="Kept with the case and in the audit log." />
    </FormDialog>
  );
}

/** A legal hold (docs/decisions/074): retention keeps the customer's records while it lasts; the customer is not told. */
function LegalHoldDialog({ item, onClose }: { item: TComplianceCase; onClose: () => void }) {
  const form = useZodForm(ZLegalHoldRequest, { defaultValues: { reason: '' } });
  const legalHold = useLegalHold();
  const toast = useToast();
  const lift = item.legalHold !== null;
  return (
    <FormDialog
      title={lift ? `Lift the legal hold on ${item.customerName}` : `Place ${item.customerName} on legal hold`}
      form={form}
      isSaving={legalHold.isPending}
      submitLabel={lift ? 'Lift legal hold' : 'Place on legal hold'}
      onClose={onClose}
      onSubmit={({ reason }) =>
        legalHold.mutate(
          { userId: item.userId, reason, lift },
          {
            onSuccess: () => {
              toast.success(lift ? `The legal hold on ${item.customerName} was lifted.` : `${item.customerName} is on legal hold.`);
              onClose();
            },
            onError: (error) => showServerError(form, error),
          },
        )
      }
    >
      <p className="text-sm text-slate-700">
        {lift
          ? 'Retention applies again: a closed account is anonymised once its retention period has passed.'
          : 'Their records are kept past the retention period until the hold is lifted. The customer is not told.'}
      </p>
      <TextareaField name="reason" label="Reason" rows={3} maxLength={2000} hint="Kept with the hold and in the audit log." />
    </FormDialog>
  );
}
