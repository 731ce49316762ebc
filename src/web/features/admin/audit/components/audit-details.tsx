import type { TAuditEntry } from '#web/features/admin/audit/api/audit.js';

function pretty(value: unknown): string {
  if (value === null || value === undefined) return '—';
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

/** Before and after of one audited action, as pretty JSON (a native disclosure). */
export function AuditDetails({ entry }: { entry: TAuditEntry }) {
  return (
    <details className="group">
      <summary className="cursor-pointer text-sm font-semibold text-brand-800 select-none">
        Details<span className="sr-only"> of entry #{entry.id}</span>
      </summary>
      <div className="mt-2 grid w-[min(80vw,44rem)] gap-3 md:grid-cols-2">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Before</p>
          <pre className="mt-1 max-h-72 overflow-auto rounded-md bg-slate-50 p-2 text-xs text-slate-800">{pretty(entry.before)}</pre>
        </div>
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">After</p>
          <pre className="mt-1 max-h-72 overflow-auto rounded-md bg-slate-50 p-2 text-xs text-slate-800">{pretty(entry.after)}</pre>
        </div>
      </div>
    </details>
  );
}
