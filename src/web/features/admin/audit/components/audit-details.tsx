import { useState } from 'react';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { formatDateTime } from '#web/lib/format-date.js';
import type { TAuditEntry } from '#web/features/admin/audit/api/audit.js';
import { actorLabel, targetLabel } from '#web/features/admin/audit/lib/audit-labels.js';

function pretty(value: unknown): string {
  if (value === null || value === undefined) return '—';
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

function Snapshot({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</p>
      {/* Wrapped, never a scroller of its own: a long snapshot scrolls with the dialog. */}
      <pre className="mt-1 rounded-md bg-slate-50 p-2 text-xs break-all whitespace-pre-wrap text-slate-800">{pretty(value)}</pre>
    </div>
  );
}

/**
 * Before and after of one audited action, with who, what and where, in a dialog opened from the
 * entry's row (a disclosure inside the row made the table 146 px wider than a 1366 px screen).
 */
export function AuditDetails({ entry }: { entry: TAuditEntry }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setIsOpen(true)}>
        Details<span className="sr-only"> of entry #{entry.id}</span>
      </Button>
      <Dialog isOpen={isOpen} onClose={() => setIsOpen(false)} title={`Audit entry #${entry.id}`} size="lg">
        <dl className="mb-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
          <dt className="font-semibold text-slate-600">Time</dt>
          <dd>{formatDateTime(entry.createdAt)}</dd>
          <dt className="font-semibold text-slate-600">Actor</dt>
          <dd className="break-words">
            {actorLabel(entry)}
            {entry.actorName && entry.actorEmail && <span className="text-slate-600"> ({entry.actorEmail})</span>}
          </dd>
          <dt className="font-semibold text-slate-600">Action</dt>
          <dd>
            <code className="font-mono text-xs">{entry.action}</code>
          </dd>
          <dt className="font-semibold text-slate-600">Target</dt>
          <dd className="break-words">
            {entry.targetKind}: {targetLabel(entry)}
          </dd>
          <dt className="font-semibold text-slate-600">IP</dt>
          <dd className="font-mono text-xs">{entry.ip ?? '—'}</dd>
        </dl>
        <div className="grid gap-3 md:grid-cols-2">
          <Snapshot label="Before" value={entry.before} />
          <Snapshot label="After" value={entry.after} />
        </div>
      </Dialog>
    </>
  );
}
