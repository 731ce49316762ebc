/**
 * The role matrix of docs/product.md §6, written once. Server guards (requireArea) and the web
 * app's menus and route guards both read this table, so they cannot disagree.
 */
export const STAFF_ROLES = ['super_admin', 'manager', 'support', 'compliance'] as const;
export type TStaffRole = (typeof STAFF_ROLES)[number];
/** Customers have no role. */
export type TRole = TStaffRole | null;

/** Staff sessions end after this long without a person's request (issue 8; src/shared/session-activity.ts). */
export { STAFF_IDLE_MINUTES } from './session-activity.js';

/**
 * Roles a super admin may give to a new admin. Another Super Admin too (issue 27 point 3,
 * docs/decisions/030: a second admin able to approve changes of where money goes), confirmed
 * with the inviter's second factor.
 */
export const CREATABLE_ROLES = ['manager', 'support', 'compliance', 'super_admin'] as const satisfies readonly TStaffRole[];
/** Roles an existing admin's role may be changed to: a Super Admin is invited as one, never promoted. */
export const EDITABLE_ROLES = ['manager', 'support', 'compliance'] as const satisfies readonly TStaffRole[];

export const ROLE_LABELS: Record<TStaffRole, string> = {
  super_admin: 'Super Admin',
  manager: 'Manager',
  support: 'Support',
  compliance: 'Compliance',
};

export const AREAS = [
  'dashboard',
  'users',
  'orders',
  'coins',
  'paymentMethods',
  'kyc',
  'chat',
  'cannedResponses',
  'contact',
  'emails',
  'settings',
  'admins',
  'audit',
  'emailSecrets',
  'setup',
  'orderViews',
  'compliance',
  'complianceSettings',
  'accountClosure',
  'sms',
  'smsSecrets',
  'complianceHolds',
  'orderTakeover',
  'destinationChanges',
  'chatAssignment',
  'treasury',
  'settlementSignOff',
  'statements',
  'smsForwarders',
  'jobs',
] as const;
export type TArea = (typeof AREAS)[number];

export const AREA_ROLES: Record<TArea, readonly TStaffRole[]> = {
  dashboard: ['super_admin', 'manager', 'support', 'compliance'],
  users: ['super_admin', 'manager', 'compliance'],
  orders: ['super_admin', 'manager', 'support'],
  coins: ['super_admin', 'manager'],
  paymentMethods: ['super_admin', 'manager'],
  kyc: ['super_admin', 'manager', 'compliance'],
  chat: ['super_admin', 'support'],
  cannedResponses: ['super_admin', 'manager'],
  contact: ['super_admin', 'manager'],
  emails: ['super_admin'],
  settings: ['super_admin'],
  admins: ['super_admin'],
  // Not in docs/product.md: the staff audit log the decisions add, for the super admin only.
  audit: ['super_admin'],
  // Not a page: revealing a masked token in the Email Log (decisions/013 D15), audited, whoever else gets the Email Log.
  emailSecrets: ['super_admin'],
  // Not a page: the first-run setup checklist on the dashboard (issue 16), for the one who can act on all of it.
  setup: ['super_admin'],
  // Issue 18 (docs/decisions/017): Order Management read only (lists, details, screenshots,
  // export); approving and cancelling stay the `orders` area's. Compliance sees orders, never decides them.
  orderViews: ['super_admin', 'manager', 'support', 'compliance'],
  // The compliance desk: alerts, notes, cases and their export (docs/decisions/017).
  compliance: ['super_admin', 'compliance'],
  // Not a page: changing the monitoring thresholds, rule actions and retention period (compliance reads them).
  complianceSettings: ['super_admin'],
  // Not a page: closing a customer's account (kept for the retention period, then anonymised).
  accountClosure: ['super_admin'],
  // Issue 18: the SMS log, like the Email Log.
  sms: ['super_admin'],
  // Not a page: revealing the one-time code of a phone verification SMS in the SMS log, audited (docs/decisions/011).
  smsSecrets: ['super_admin'],
  // Not a page (issue 26 point 12): whether a compliance hold holds an order, in Order Management,
  // Order Details and the refusals of Approve and Cancel. Support sees a held order as any waiting
  // one and is refused with a neutral message (ORDER_MSG.waitingForManager, ORDER_WAITING).
  complianceHolds: ['super_admin', 'manager', 'compliance'],
  // Not a page (issue 27 point 1, docs/decisions/029): taking over another staff member's claim on a
  // paid order, audited with the claimant before and after. A claimant releases their own claim.
  orderTakeover: ['super_admin', 'manager'],
  // Issue 27 point 3 (docs/decisions/030): changes of where money goes, approved by a second admin.
  destinationChanges: ['super_admin', 'manager'],
  // Not a page (issue 27 point 7, docs/decisions/034): changing the assignment of a conversation that
  // another staff member has (reassign, unassign). Every chat role takes an unassigned conversation,
  // and hands over or gives up its own.
  chatAssignment: ['super_admin'],
  // Issue 28 point 6 (docs/decisions/040): the Treasury and Settlement pages, what the business
  // holds, owes and earned; the people who answer for the money, not the order desk.
  treasury: ['super_admin', 'manager'],
  // Not a page: signing off a day's settlement (frozen, audited). Its own area so it can narrow
  // without the pages; today the same people, since a small business's owner signs as often as its manager.
  settlementSignOff: ['super_admin', 'manager'],
  // Issue 28 point 5 (docs/decisions/039): statement import and the exceptions queue. Resolving
  // an item refunds or writes off money in the books: not support's.
  statements: ['super_admin', 'manager'],
  // Issue 33 point 6 (docs/decisions/059): the phones that forward a MoMo wallet's texts. A device's
  // texts confirm payments by themselves: the same people as the statements that do.
  smsForwarders: ['super_admin', 'manager'],
  // Issue 30 point 1 (docs/decisions/052): the Jobs page, background queues and retrying a failed job.
  jobs: ['super_admin'],
};

export function isStaffRole(role: unknown): role is TStaffRole {
  return typeof role === 'string' && (STAFF_ROLES as readonly string[]).includes(role);
}

export function canAccess(role: TRole | undefined, area: TArea): boolean {
  if (!isStaffRole(role)) return false;
  return AREA_ROLES[area].includes(role);
}

/** The admin menu, in display order; each entry is shown only to the roles of its area. */
export const ADMIN_MENU: readonly { area: TArea; label: string; path: string }[] = [
  { area: 'dashboard', label: 'Dashboard', path: '/admin/dashboard' },
  { area: 'users', label: 'Users', path: '/admin/users' },
  { area: 'orderViews', label: 'Orders', path: '/admin/orders' },
  { area: 'coins', label: 'Currencies', path: '/admin/coins' },
  { area: 'paymentMethods', label: 'Payment Methods', path: '/admin/payment-methods' },
  { area: 'destinationChanges', label: 'Pending changes', path: '/admin/pending-changes' },
  { area: 'treasury', label: 'Treasury', path: '/admin/treasury' },
  { area: 'treasury', label: 'Settlement', path: '/admin/settlement' },
  { area: 'statements', label: 'Statements', path: '/admin/statements' },
  { area: 'smsForwarders', label: 'SMS forwarders', path: '/admin/sms-forwarders' },
  { area: 'kyc', label: 'KYC Submissions', path: '/admin/kyc-submissions' },
  { area: 'compliance', label: 'Compliance', path: '/admin/compliance' },
  { area: 'chat', label: 'Live Chat', path: '/admin/chat' },
  { area: 'cannedResponses', label: 'Canned Responses', path: '/admin/canned-responses' },
  { area: 'contact', label: 'Contact Page', path: '/admin/contact' },
  { area: 'emails', label: 'Email Log', path: '/admin/emails' },
  { area: 'sms', label: 'SMS Log', path: '/admin/sms' },
  { area: 'jobs', label: 'Jobs', path: '/admin/jobs' },
  { area: 'settings', label: 'Settings', path: '/admin/settings' },
  { area: 'admins', label: 'Admin Management', path: '/admin/management' },
  { area: 'audit', label: 'Audit Log', path: '/admin/audit' },
];

export function menuFor(role: TRole | undefined) {
  return ADMIN_MENU.filter((item) => canAccess(role, item.area));
}
