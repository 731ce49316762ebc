import { ALERT_RULE_LABELS, ALERT_STATUS_LABELS, type TAlert } from '#shared/contracts/compliance.js';
import { Badge } from '#web/components/ui/badge.js';

/** An alert's status in words; the colour only repeats them. */
export function AlertStatusBadge({ status }: { status: TAlert['status'] }) {
  const variant = status === 'open' ? 'warning' : status === 'escalated' ? 'danger' : 'neutral';
  return <Badge variant={variant}>{ALERT_STATUS_LABELS[status]}</Badge>;
}

/** What the alert does: holds its order (it cannot be approved until cleared) or only flags it. */
export function AlertActionBadge({ alert }: { alert: Pick<TAlert, 'action' | 'orderId'> }) {
  return alert.action === 'hold' ? (
    <Badge variant="danger">{alert.orderId ? `Holds order #${alert.orderId}` : 'Hold'}</Badge>
  ) : (
    <Badge>Flag</Badge>
  );
}

export function ruleLabel(alert: Pick<TAlert, 'rule'>): string {
  return ALERT_RULE_LABELS[alert.rule];
}

/** The rule's facts as short lines ('amountGhs: 60000.00'): what the officer checks first. */
export function alertFacts(details: Record<string, unknown>): string[] {
  return Object.entries(details).map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`);
}
