import { SIGN_IN_OUTCOME_LABELS, SIGN_IN_OUTCOMES, type TSignInOutcome } from '#shared/contracts/admin.js';
import type { TAuditEntry } from '#web/features/admin/audit/api/audit.js';

/** Who did it: their name, else the email the entry recorded, else 'System' (an operator command). */
export function actorLabel(entry: Pick<TAuditEntry, 'actorName' | 'actorEmail'>): string {
  return entry.actorName ?? entry.actorEmail ?? 'System';
}

/** What it was done to, by name ('#12 · Kofi Boateng', 'Bitcoin (BTC)'); the id only when nothing names it any more. */
export function targetLabel(entry: Pick<TAuditEntry, 'targetName' | 'targetId'>): string {
  return entry.targetName ?? (entry.targetId ? `#${entry.targetId}` : '—');
}

/** How a staff sign-in entry ended, in words ('Wrong password'); null for any other entry (docs/decisions/033). */
export function signInOutcomeLabel(entry: Pick<TAuditEntry, 'action' | 'after'>): string | null {
  if (!entry.action.startsWith('staff.sign_in')) return null;
  const outcome = (entry.after as { outcome?: unknown } | null)?.outcome;
  return (SIGN_IN_OUTCOMES as readonly unknown[]).includes(outcome) ? SIGN_IN_OUTCOME_LABELS[outcome as TSignInOutcome] : null;
}
