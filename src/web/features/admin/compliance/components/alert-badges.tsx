import { Fragment, type ReactNode } from 'react';
import { Link } from '#web/lib/router.js';
import {
  ALERT_RULE_LABELS,
  ALERT_STATUS_LABELS,
  IMAGE_KIND_LABELS,
  type TAlert,
  type TAlertRule,
  type TImageKind,
} from '#shared/contracts/compliance.js';
import { RULE_DETAIL_LABELS } from '#shared/compliance-rules/index.js';
import { formatGhs, MISSING_VALUE } from '#shared/format.js';
import { Badge } from '#web/components/ui/badge.js';
import { formatDate, formatDateTime } from '#web/lib/format-date.js';
import { paths } from '#web/lib/paths.js';

/** An alert's status in words; the colour only repeats them. */
export function AlertStatusBadge({ status }: { status: TAlert['status'] }) {
  const variant = status === 'open' ? 'warning' : status === 'escalated' ? 'danger' : 'neutral';
  return <Badge variant={variant}>{ALERT_STATUS_LABELS[status]}</Badge>;
}

/**
 * What the alert does: holds its order (it cannot be approved until cleared, or released once
 * escalated) or only flags it.
 */
export function AlertActionBadge({ alert }: { alert: Pick<TAlert, 'action' | 'orderId'> & Partial<Pick<TAlert, 'releasedAt'>> }) {
  if (alert.action !== 'hold') return <Badge>Flag</Badge>;
  if (alert.releasedAt) return <Badge>Hold released</Badge>;
  return <Badge variant="danger">{alert.orderId ? `Holds order #${alert.orderId}` : 'Hold'}</Badge>;
}

export function ruleLabel(alert: Pick<TAlert, 'rule'>): string {
  return ALERT_RULE_LABELS[alert.rule];
}

/** One line of "What the rule saw"; `id` tells it from its siblings (the detail keys it shows). */
export type TAlertFact = { id: string; content: ReactNode };

type TDetails = Record<string, unknown>;

/**
 * A line made from some of a rule's detail keys, or null when they do not hold what the rule
 * writes (src/server/modules/compliance/rules/); each of its keys is then shown as text.
 */
type TFactSpec = { keys: readonly string[]; render: (details: TDetails) => ReactNode | null };

/**
 * Per rule: its lines, in order. The plain label of each key it writes (used when a value cannot be
 * read, or for a rule without lines here) is the rule's own (src/shared/compliance-rules).
 */
type TRuleFacts = { facts: readonly TFactSpec[] };

/** A cedi amount as the admin shows money ('GHS 60,000.00'): only a decimal string, never a float. */
function cedis(value: unknown): string | null {
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? formatGhs(value.trim()) : null;
}

function wholeNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

function nonEmptyText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** A day by its name ('2026-11-25', Africa/Accra) as the admin shows dates: '25 Nov 2026'. */
function dayName(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return formatDate(value) || null;
}

function orderIds(value: unknown): number[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const ids = value.map(wholeNumber);
  return ids.every((id): id is number => id !== null && id > 0) ? ids : null;
}

function withSuffix(text: string | null, suffix: string, prefix = ''): string | null {
  return text === null ? null : `${prefix}${text}${suffix}`;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The Order Management list searched for one order ('#12' matches its id), as the admin dashboard links it (src/web/features/admin/dashboard/components/recent-orders.tsx). */
function orderHref(id: number): string {
  return `${paths.admin.orders.getHref()}?${new URLSearchParams({ q: `#${id}` }).toString()}`;
}

/** A line from one key: `label: formatted`, or null when `format` cannot read the value. */
function single(key: string, label: string, format: (value: unknown) => string | null): TFactSpec {
  return {
    keys: [key],
    render: (details) => {
      const text = format(details[key]);
      return text === null ? null : `${label}: ${text}`;
    },
  };
}

const RULE_FACTS: Partial<Record<TAlertRule, TRuleFacts>> = {
  // The order's cedi amount at or above the large-order threshold.
  large_order: {
    facts: [
      single('amountGhs', 'Order amount', cedis),
      single('thresholdGhs', 'Threshold', (value) => withSuffix(cedis(value), ' (at or above)')),
    ],
  },
  // The customer's cedi volume of the day above the daily threshold.
  daily_volume: {
    facts: [
      single('day', 'Day', dayName),
      single('volumeGhs', 'Customer’s volume that day', cedis),
      single('thresholdGhs', 'Threshold', (value) => withSuffix(cedis(value), ' (above)')),
    ],
  },
  // Enough orders within the window each just under the large-order threshold.
  structuring: {
    facts: [
      {
        keys: ['orderIds'],
        render: (details) => {
          const ids = orderIds(details.orderIds);
          if (!ids) return null;
          return (
            <>
              Orders in the band:{' '}
              {ids.map((id, index) => (
                <Fragment key={`${index}:${id}`}>
                  {index > 0 && ', '}
                  <Link to={orderHref(id)} aria-label={`Order #${id}`}>
                    #{id}
                  </Link>
                </Fragment>
              ))}
            </>
          );
        },
      },
      single('bandFromGhs', 'Band', (value) => withSuffix(cedis(value), ' up to just under the threshold', 'from ')),
      single('thresholdGhs', 'Large-order threshold', cedis),
      single('windowHours', 'Time window', (value) => {
        const hours = wholeNumber(value);
        return hours === null ? null : plural(hours, 'hour', 'hours');
      }),
    ],
  },
  // One payer or payout number used by more customers than the setting allows.
  shared_account: {
    facts: [
      single('number', 'Payer/payout number', nonEmptyText),
      {
        keys: ['customers', 'maxCustomers'],
        render: (details) => {
          const customers = wholeNumber(details.customers);
          const allowed = wholeNumber(details.maxCustomers);
          if (customers === null || allowed === null) return null;
          return `Used by ${plural(customers, 'customer', 'customers')} (allowed: ${allowed})`;
        },
      },
    ],
  },
  // The name staff recorded on the payment differs from the customer's KYC name.
  name_mismatch: {
    facts: [single('recordedName', 'Name on the payment', nonEmptyText), single('customerName', 'Customer’s KYC name', nonEmptyText)],
  },
  // The same image on another customer's order or KYC submission (docs/decisions/031).
  reused_image: {
    facts: [
      single('kind', 'Image', (value) =>
        typeof value === 'string' && Object.hasOwn(IMAGE_KIND_LABELS, value) ? IMAGE_KIND_LABELS[value as TImageKind] : null,
      ),
      {
        keys: ['matches'],
        render: (details) => {
          const matches = sameImageMatches(details.matches);
          if (!matches) return null;
          return (
            <>
              Same image on:{' '}
              {matches.map((match, index) => (
                <Fragment key={`${index}:${match.orderId ?? ''}:${match.kycSubmissionId ?? ''}`}>
                  {index > 0 && ', '}
                  {match.orderId !== null ? (
                    <Link to={orderHref(match.orderId)} aria-label={`Order #${match.orderId}`}>
                      order #{match.orderId}
                    </Link>
                  ) : (
                    <Link to={paths.admin.users.profileHref(match.userId)}>KYC submission #{match.kycSubmissionId}</Link>
                  )}
                </Fragment>
              ))}
            </>
          );
        },
      },
      single('customers', 'Other customers', (value) => {
        const customers = wholeNumber(value);
        return customers === null ? null : String(customers);
      }),
      single('kycSubmissionId', 'KYC submission', (value) => (value === null ? null : (wholeNumber(value)?.toString() ?? null))),
    ],
  },
  // An open case past its 24-hour deadline for the report to the FIC.
  overdue_case: {
    facts: [
      single('caseId', 'Case', (value) => {
        const id = wholeNumber(value);
        return id === null ? null : `#${id}`;
      }),
      single('dueAt', 'Report was due', (value) =>
        typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? formatDateTime(value) : null,
      ),
    ],
  },
};

type TMatchFact = { orderId: number | null; kycSubmissionId: number | null; userId: string };

/** The matches of a reused-image alert, or null when they are not what the rule writes. */
function sameImageMatches(value: unknown): TMatchFact[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const matches: TMatchFact[] = [];
  for (const item of value) {
    if (item === null || typeof item !== 'object') return null;
    const { orderId, kycSubmissionId, userId } = item as Record<string, unknown>;
    if (typeof userId !== 'string') return null;
    matches.push({
      orderId: typeof orderId === 'number' ? orderId : null,
      kycSubmissionId: typeof kycSubmissionId === 'number' ? kycSubmissionId : null,
      userId,
    });
  }
  return matches;
}

const ACRONYMS: Readonly<Record<string, string>> = { ghs: 'GHS', usd: 'USD', id: 'ID', ids: 'IDs', kyc: 'KYC', fic: 'FIC' };

/** A detail key no rule above knows, in words: 'windowHours' -> 'Window hours', 'limit_ghs' -> 'Limit GHS'. */
export function humaniseKey(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((word) => ACRONYMS[word.toLowerCase()] ?? word.toLowerCase());
  const text = words.join(' ');
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : 'Detail';
}

/** Any value as text, whatever its type: '—' for nothing, lists joined, objects as JSON. */
export function detailText(value: unknown): string {
  if (value === null || value === undefined || value === '') return MISSING_VALUE;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? MISSING_VALUE : value.map(detailText).join(', ');
  try {
    return JSON.stringify(value) ?? MISSING_VALUE;
  } catch {
    return MISSING_VALUE;
  }
}

/**
 * The rule's facts as lines a person reads ('Order amount: GHS 60,000.00', 'Threshold: GHS
 * 50,000.00 (at or above)'): what the officer checks first. The lines follow the rule (the keys
 * each rule writes are declared in src/shared/compliance-rules); a key it does not know (a
 * newer rule's) or a value it cannot read is still shown, as its key in words and its value as text.
 */
export function alertFacts(alert: { rule: string; details: unknown }): TAlertFact[] {
  const details: TDetails =
    alert.details !== null && typeof alert.details === 'object' && !Array.isArray(alert.details) ? (alert.details as TDetails) : {};
  const rule = Object.hasOwn(RULE_DETAIL_LABELS, alert.rule) ? (alert.rule as TAlertRule) : null;
  const known = { labels: rule ? RULE_DETAIL_LABELS[rule] : {}, facts: (rule && RULE_FACTS[rule]?.facts) ?? [] };
  const facts: TAlertFact[] = [];
  const shown = new Set<string>();
  const asText = (key: string) => {
    shown.add(key);
    const label = (Object.hasOwn(known.labels, key) ? known.labels[key] : undefined) ?? humaniseKey(key);
    facts.push({ id: `key:${key}`, content: `${label}: ${detailText(details[key])}` });
  };
  for (const spec of known.facts) {
    const present = spec.keys.filter((key) => Object.hasOwn(details, key));
    if (present.length === 0) continue;
    const content = present.length === spec.keys.length ? spec.render(details) : null;
    if (content === null) {
      present.forEach(asText);
    } else {
      facts.push({ id: `fact:${spec.keys.join('+')}`, content });
      for (const key of spec.keys) shown.add(key);
    }
  }
  for (const key of Object.keys(details)) {
    if (!shown.has(key)) asText(key);
  }
  return facts;
}
