import type { TAuditEntry } from '#web/features/admin/audit/api/audit.js';

/** Who did it: their name, else the email the entry recorded, else 'System' (an operator command). */
export function actorLabel(entry: Pick<TAuditEntry, 'actorName' | 'actorEmail'>): string {
  return entry.actorName ?? entry.actorEmail ?? 'System';
}

/** What it was done to, by name ('#12 · Kofi Boateng', 'Bitcoin (BTC)'); the id only when nothing names it any more. */
export function targetLabel(entry: Pick<TAuditEntry, 'targetName' | 'targetId'>): string {
  return entry.targetName ?? (entry.targetId ? `#${entry.targetId}` : '—');
}
