import { useId, type ReactNode } from 'react';
import { Link } from '#web/lib/router.js';
import { paths } from '#web/lib/paths.js';
import { COMPLIANCE_MSG, ZAddNoteRequest, ZReleaseHoldRequest, type TAlert, type TAlertDetail } from '#shared/contracts/compliance.js';
import { ORDER_STATUS_LABELS } from '#shared/contracts/orders.js';
import { formatFiat } from '#shared/format.js';
import { Form, FormAlert, TextareaField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { KycBadge } from '#web/components/kyc-badge.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { DetailRow, QueryContent } from '#web/components/ui/query-content.js';
import { useToast } from '#web/components/ui/toast.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { useAddNote, useAlertDetail, useReleaseHold, type TAlertDecision } from '#web/features/admin/compliance/api/compliance.js';
import { AlertActionBadge, alertFacts, AlertStatusBadge, ruleLabel } from './alert-badges';

type AlertDialogProps = {
  id: number;
  onClose: () => void;
  /** Clear or Escalate was pressed; the page asks for confirmation over this dialog. */
  onDecide: (decision: TAlertDecision) => void;
};

/**
 * 'Alert #{id}': the rule's facts, the customer's profile (tier, KYC status), their orders, KYC
 * documents, other alerts, case and notes, a note form, Clear / Escalate while it is open, and
 * 'Release hold' (with its note) while it is an escalated hold not released yet.
 */
export function AlertDialog({ id, onClose, onDecide }: AlertDialogProps) {
  const query = useAlertDetail(id);
  const isOpen = query.data?.alert.status === 'open';
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={`Alert #${id}`}
      size="xl"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {isOpen && (
            <>
              <Button variant="outline" onClick={() => onDecide('clear')}>
                Clear alert
              </Button>
              <Button variant="danger" onClick={() => onDecide('escalate')}>
                Escalate to case
              </Button>
            </>
          )}
        </>
      }
    >
      <QueryContent query={query} loadingText="Loading alert…">
        {(detail) => <AlertDetails detail={detail} />}
      </QueryContent>
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

function AlertDetails({ detail }: { detail: TAlertDetail }) {
  const { alert, customer } = detail;
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        <DetailRow label="Rule">{ruleLabel(alert)}</DetailRow>
        <DetailRow label="Status">
          <span className="flex flex-wrap gap-2">
            <AlertStatusBadge status={alert.status} />
            <AlertActionBadge alert={alert} />
          </span>
        </DetailRow>
        <DetailRow label="Raised">{formatDateTime(alert.createdAt)}</DetailRow>
        {alert.releasedAt && <DetailRow label="Hold released">{formatDateTime(alert.releasedAt)}</DetailRow>}
        <DetailRow label="What the rule saw">
          <ul aria-label="What the rule saw" className="space-y-0.5 text-sm break-words">
            {alertFacts(alert).map((fact) => (
              <li key={fact.id}>{fact.content}</li>
            ))}
          </ul>
        </DetailRow>
      </dl>

      <Section title="Customer">
        <dl className="grid gap-4 sm:grid-cols-2">
          <DetailRow label="Name">{customer.fullName}</DetailRow>
          <DetailRow label="Email">
            <span className="break-all">{customer.email}</span>
          </DetailRow>
          <DetailRow label="Phone">{customer.phone ?? '—'}</DetailRow>
          <DetailRow label="Username">{customer.username}</DetailRow>
          <DetailRow label="Tier">Tier {customer.tier}</DetailRow>
          <DetailRow label="KYC status">
            <KycBadge status={customer.kycStatus} />
          </DetailRow>
          <DetailRow label="Account">{customer.closedAt ? 'Closed' : customer.isBanned ? 'Banned' : 'Active'}</DetailRow>
          <DetailRow label="Registered">{formatDateTime(customer.createdAt)}</DetailRow>
        </dl>
      </Section>

      {detail.sharedNumber && <SharedNumberAccounts {...detail.sharedNumber} />}

      {detail.case && (
        <Section title={`Case #${detail.case.id}`}>
          <p className="text-sm text-slate-700">
            {detail.case.status === 'filed'
              ? `Filed ${formatDateTime(detail.case.filedAt ?? detail.case.dueAt)} (FIC reference ${detail.case.ficReference ?? '—'}).`
              : `Report due ${formatDateTime(detail.case.dueAt)}.`}
          </p>
        </Section>
      )}

      {holdsUnderReview(alert) && (
        <Section title="Release the hold">
          <ReleaseHoldForm alertId={alert.id} />
        </Section>
      )}

      <Section title="Orders">
        {detail.orders.length === 0 ? (
          <p className="text-sm text-slate-600">No orders.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
            {detail.orders.map((order) => (
              <li key={order.id} className="flex flex-wrap justify-between gap-2 px-3 py-2">
                <span>
                  #{order.id} · {order.type === 'buy' ? 'Buy' : 'Sell'} {order.coinSymbol.toUpperCase()} · {formatDateTime(order.createdAt)}
                </span>
                <span>
                  {order.amountGhs ? formatFiat(order.amountGhs, 'GHS') : formatFiat(order.amountFiat, order.fiatCurrency)} ·{' '}
                  {ORDER_STATUS_LABELS[order.status]}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Documents">
        {detail.documents.length === 0 ? (
          <p className="text-sm text-slate-600">No KYC documents.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {detail.documents.map((document) => (
              <li key={document.id}>
                Submission #{document.id} ({document.idType}, level {document.level}, {document.status}):{' '}
                {document.files.length > 0 ? document.files.join(', ') : 'no files kept'} · {formatDateTime(document.submittedAt)}
              </li>
            ))}
          </ul>
        )}
      </Section>

      {detail.otherAlerts.length > 0 && (
        <Section title="Other alerts">
          <ul className="space-y-1 text-sm">
            {detail.otherAlerts.map((other) => (
              <li key={other.id}>
                #{other.id} {ruleLabel(other)} · {formatDateTime(other.createdAt)} · <AlertStatusBadge status={other.status} />
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section title="Notes">
        {detail.notes.length === 0 ? (
          <p className="text-sm text-slate-600">No notes yet.</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {detail.notes.map((note) => (
              <li key={note.id} className="rounded-md bg-slate-50 p-2">
                <p className="whitespace-pre-line">{note.body}</p>
                <p className="mt-1 text-xs text-slate-600">
                  {note.authorName ?? 'Staff'} · {formatDateTime(note.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
        <NoteForm alertId={alert.id} />
      </Section>
    </div>
  );
}

/**
 * A shared-number alert (issue 27 point 7, docs/decisions/034): every other account that used the
 * number, read from the orders when the alert is opened, each linked to its profile.
 */
function SharedNumberAccounts({ number, accounts }: NonNullable<TAlertDetail['sharedNumber']>) {
  return (
    <Section title={COMPLIANCE_MSG.sharedNumberAccounts(number)}>
      {accounts.length === 0 ? (
        <p className="text-sm text-slate-600">{COMPLIANCE_MSG.sharedNumberNoOthers}</p>
      ) : (
        <ul
          aria-label={COMPLIANCE_MSG.sharedNumberAccounts(number)}
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm"
        >
          {accounts.map((account) => (
            <li key={account.userId} className="flex flex-wrap justify-between gap-2 px-3 py-2">
              <span className="min-w-0">
                <Link to={paths.admin.users.profileHref(account.userId)} className="font-medium text-brand-700 underline">
                  {account.name}
                </Link>{' '}
                <span className="break-all text-slate-600">{account.email}</span>
              </span>
              <span className="text-slate-600">{COMPLIANCE_MSG.sharedNumberUse(account.orders, formatDateTime(account.lastUsedAt))}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** A note on the alert's customer; never shown to the customer. */
function NoteForm({ alertId }: { alertId: number }) {
  const form = useZodForm(ZAddNoteRequest, { defaultValues: { body: '' } });
  const addNote = useAddNote(alertId);
  return (
    <Form
      form={form}
      className="space-y-2"
      onSubmit={({ body }) =>
        addNote.mutate(body, {
          onSuccess: () => form.reset({ body: '' }),
          onError: (error) => showServerError(form, error),
        })
      }
    >
      <TextareaField name="body" label="Add a note" rows={3} maxLength={2000} disabled={addNote.isPending} />
      <FormAlert />
      <Button type="submit" size="sm" isLoading={addNote.isPending} loadingText="Saving…">
        Add note
      </Button>
    </Form>
  );
}

/** An escalated 'hold' alert not released yet: its order can be neither approved nor cancelled by staff. */
function holdsUnderReview(alert: Pick<TAlert, 'action' | 'status' | 'releasedAt'>): boolean {
  return alert.action === 'hold' && alert.status === 'escalated' && alert.releasedAt === null;
}

/**
 * 'Release hold' (docs/decisions/017): the case runs on, the order may then be approved or
 * cancelled. The note says why and is kept with the alert and its case; it is required.
 */
function ReleaseHoldForm({ alertId }: { alertId: number }) {
  const form = useZodForm(ZReleaseHoldRequest, { defaultValues: { note: '' } });
  const release = useReleaseHold(alertId);
  const toast = useToast();
  return (
    <Form
      form={form}
      className="space-y-2"
      onSubmit={({ note }) =>
        release.mutate(note, {
          onSuccess: () => toast.success(COMPLIANCE_MSG.holdReleased),
          // A 409 (released already, or no longer escalated): the dialog is read again, the message stays as a toast.
          onError: (error) => showServerError(form, error, { toast: (message) => toast.error(message) }),
        })
      }
    >
      <TextareaField
        name="note"
        label="Why the hold is released"
        rows={3}
        maxLength={2000}
        disabled={release.isPending}
        hint="Kept as a note on the alert and its case. The order can then be approved or cancelled; the customer is not told."
      />
      <FormAlert />
      <Button type="submit" size="sm" isLoading={release.isPending} loadingText="Releasing…">
        Release hold
      </Button>
    </Form>
  );
}
