import { and, asc, count, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  CASE_DUE_HOURS,
  CASE_EXPORT_COLUMNS,
  COMPLIANCE_MSG,
  type TAlert,
  type TAlertDetail,
  type TAlertList,
  type TAlertCount,
  type TAlertQuery,
  type TCaseList,
  type TCaseStatus,
  type TComplianceCase,
  type TComplianceNote,
  type TComplianceSettings,
  type TComplianceSettingsUpdate,
} from '#shared/contracts/compliance.js';
import type { TKycStatus } from '#shared/contracts/account.js';
import { STAFF_PENDING_STATUSES } from '#shared/contracts/orders.js';
import { MSG } from '#shared/messages.js';
import { isStaffRole } from '#shared/permissions.js';
import type { TDb, TTx } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { settings } from '#server/db/schema/app.js';
import { sessions, users } from '#server/db/schema/auth.js';
import { complianceAlerts, complianceCases, complianceNotes } from '#server/db/schema/compliance.js';
import { kycSubmissions } from '#server/db/schema/kyc.js';
import { orders, quotes } from '#server/db/schema/orders.js';
import { writeAudit } from '#server/lib/audit.js';
import { csvFileName, type TCsvCell, type TCsvExport } from '#server/lib/csv.js';
import { AppError } from '#server/lib/errors.js';
import type { TActor } from '#server/plugins/access.js';
import { toOrder } from '#server/modules/orders/order-view.js';
import { orderFee } from '#server/modules/treasury/order-fee.js';
import {
  alertNeedsDesk,
  escalatedUnreleased,
  lockNumbers,
  otherAccountsOnNumber,
  raise,
  readMonitoringSettings,
  ruleActionsOf,
} from './rules.js';

/**
 * The compliance desk (docs/decisions/017-compliance-desk.md): the alerts queue with what an
 * officer decides on, notes, clearing or escalating an alert once and releasing an escalated
 * hold once (conditional updates), suspicious-activity cases with the FIC's 24-hour timer, the case export, and the monitoring
 * settings. Every change is audited. Nothing here reaches the customer: no email, no SMS, no
 * state they can see (a held order simply waits in its submitted state).
 */

export type TComplianceDeps = { db: TDb; now?: () => Date };
type TStaffCall = { actor: TActor; ip: string };

const PAGE_SIZE = 20;
const CUSTOMER_ORDERS = 50;
const HOUR_MS = 3_600_000;

const nowOf = (deps: TComplianceDeps) => deps.now?.() ?? new Date();
const iso = (date: Date | null) => date?.toISOString() ?? null;
const alertNotFound = () => new AppError('NOT_FOUND', COMPLIANCE_MSG.alertNotFound);
const caseNotFound = () => new AppError('NOT_FOUND', COMPLIANCE_MSG.caseNotFound);

type TAlertRow = typeof complianceAlerts.$inferSelect;
type TCaseRow = typeof complianceCases.$inferSelect;

const alertColumns = { alert: complianceAlerts, customerName: users.fullName, customerEmail: users.email };

function toAlert(row: { alert: TAlertRow; customerName: string; customerEmail: string }): TAlert {
  const { alert } = row;
  return {
    id: alert.id,
    rule: alert.rule,
    action: alert.action,
    status: alert.status,
    details: alert.details,
    orderId: alert.orderId,
    caseId: alert.caseId,
    userId: alert.userId,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    createdAt: alert.createdAt.toISOString(),
    decidedAt: iso(alert.decidedAt),
    releasedAt: iso(alert.releasedAt),
  };
}

async function readAlert(db: TDb | TTx, id: number): Promise<TAlert> {
  const [row] = await db
    .select(alertColumns)
    .from(complianceAlerts)
    .innerJoin(users, eq(users.id, complianceAlerts.userId))
    .where(eq(complianceAlerts.id, id));
  if (!row) throw alertNotFound();
  return toAlert(row);
}

/** The queue: open alerts first, then the oldest first; filtered by status and rule. */
export async function listAlerts(db: TDb, query: TAlertQuery): Promise<TAlertList> {
  const conditions: SQL[] = [];
  // 'review' is the menu count's own condition (countAlertsForDesk), so the two always agree.
  if (query.status === 'review') conditions.push(alertNeedsDesk);
  else if (query.status !== 'all') conditions.push(eq(complianceAlerts.status, query.status));
  if (query.rule !== 'all') conditions.push(eq(complianceAlerts.rule, query.rule));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select(alertColumns)
    .from(complianceAlerts)
    .innerJoin(users, eq(users.id, complianceAlerts.userId))
    .where(where)
    .orderBy(
      sql`case when ${complianceAlerts.status} = 'open' then 0 else 1 end`,
      asc(complianceAlerts.createdAt),
      asc(complianceAlerts.id),
    )
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  const { total } = firstOrThrow(await db.select({ total: count() }).from(complianceAlerts).where(where));
  return { alerts: rows.map(toAlert), total, page: query.page, pageSize: PAGE_SIZE };
}

/** The count on the Compliance menu item: open alerts and escalated holds not released (rules.ts alertNeedsDesk). */
export async function countAlertsForDesk(db: TDb): Promise<TAlertCount> {
  const { total } = firstOrThrow(await db.select({ total: count() }).from(complianceAlerts).where(alertNeedsDesk));
  return { count: total };
}

async function alertIdsOf(db: TDb | TTx, caseIds: number[]): Promise<Map<number, number[]>> {
  const byCase = new Map<number, number[]>();
  if (caseIds.length === 0) return byCase;
  const rows = await db
    .select({ id: complianceAlerts.id, caseId: complianceAlerts.caseId })
    .from(complianceAlerts)
    .where(inArray(complianceAlerts.caseId, caseIds))
    .orderBy(asc(complianceAlerts.id));
  for (const row of rows) if (row.caseId !== null) byCase.set(row.caseId, [...(byCase.get(row.caseId) ?? []), row.id]);
  return byCase;
}

function toCase(row: { case: TCaseRow; customerName: string; customerEmail: string }, alertIds: number[], now: Date): TComplianceCase {
  return {
    id: row.case.id,
    userId: row.case.userId,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    status: row.case.status,
    openedAt: row.case.openedAt.toISOString(),
    dueAt: row.case.dueAt.toISOString(),
    filedAt: iso(row.case.filedAt),
    ficReference: row.case.ficReference,
    noReportReason: row.case.noReportReason,
    overdue: row.case.status === 'open' && row.case.dueAt.getTime() <= now.getTime(),
    alertIds,
  };
}

const caseColumns = { case: complianceCases, customerName: users.fullName, customerEmail: users.email };

async function readCase(db: TDb | TTx, id: number, now: Date = new Date()): Promise<TComplianceCase> {
  const [row] = await db
    .select(caseColumns)
    .from(complianceCases)
    .innerJoin(users, eq(users.id, complianceCases.userId))
    .where(eq(complianceCases.id, id));
  if (!row) throw caseNotFound();
  return toCase(row, (await alertIdsOf(db, [id])).get(id) ?? [], now);
}

async function readNotes(db: TDb | TTx, userId: string): Promise<TComplianceNote[]> {
  const rows = await db
    .select({ note: complianceNotes, authorName: users.fullName })
    .from(complianceNotes)
    .leftJoin(users, eq(users.id, complianceNotes.authorId))
    .where(eq(complianceNotes.userId, userId))
    .orderBy(asc(complianceNotes.createdAt), asc(complianceNotes.id));
  return rows.map(({ note, authorName }) => ({
    id: note.id,
    body: note.body,
    authorName,
    alertId: note.alertId,
    caseId: note.caseId,
    createdAt: note.createdAt.toISOString(),
  }));
}

type TKycRow = typeof kycSubmissions.$inferSelect;

/** Which documents a submission holds, by name: the desk lists them, the files stay in KYC Submissions. */
function documentFiles(row: TKycRow): string[] {
  const files: string[] = [];
  if (row.frontKey) files.push('ID front');
  if (row.backKey) files.push('ID back');
  if (row.selfieKey) files.push('Selfie with the card');
  if (row.addressProofKey) files.push('Proof of address');
  return files;
}

async function readDocuments(db: TDb | TTx, userId: string) {
  const rows = await db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.submittedAt), desc(kycSubmissions.id));
  return rows.map((row) => ({
    id: row.id,
    idType: row.idType,
    level: row.level,
    status: row.status,
    files: documentFiles(row),
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: iso(row.decidedAt),
  }));
}

async function readCustomer(db: TDb | TTx, userId: string) {
  const user = firstOrThrow(await db.select().from(users).where(eq(users.id, userId)));
  return {
    id: user.id,
    fullName: user.fullName || user.name,
    username: user.displayUsername ?? user.username ?? '',
    email: user.email,
    phone: user.phone,
    tier: user.tier,
    kycStatus: user.kycStatus as TKycStatus,
    isBanned: user.banned,
    closedAt: iso(user.closedAt),
    createdAt: user.createdAt.toISOString(),
  };
}

/** One alert with the customer's profile, their orders, documents, other alerts, notes and case. */
export async function getAlertDetail(db: TDb, id: number): Promise<TAlertDetail> {
  const alert = await readAlert(db, id);
  const [customer, orderRows, documents, others, notes] = await Promise.all([
    readCustomer(db, alert.userId),
    db.select().from(orders).where(eq(orders.userId, alert.userId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(CUSTOMER_ORDERS),
    readDocuments(db, alert.userId),
    db
      .select(alertColumns)
      .from(complianceAlerts)
      .innerJoin(users, eq(users.id, complianceAlerts.userId))
      .where(eq(complianceAlerts.userId, alert.userId))
      .orderBy(asc(complianceAlerts.createdAt), asc(complianceAlerts.id)),
    readNotes(db, alert.userId),
  ]);
  const number = alert.rule === 'shared_account' && typeof alert.details.number === 'string' ? alert.details.number : null;
  return {
    alert,
    customer,
    orders: orderRows.map(toOrder),
    documents,
    otherAlerts: others.filter((row) => row.alert.id !== id).map(toAlert),
    notes,
    case: alert.caseId === null ? null : await readCase(db, alert.caseId),
    sharedNumber: number === null ? null : { number, accounts: await otherAccountsOnNumber(db, number, alert.userId) },
  };
}

async function insertNote(
  tx: TTx,
  input: { userId: string; alertId: number | null; caseId: number | null; authorId: string; body: string; at: Date },
) {
  return firstOrThrow(
    await tx
      .insert(complianceNotes)
      .values({
        userId: input.userId,
        alertId: input.alertId,
        caseId: input.caseId,
        authorId: input.authorId,
        body: input.body,
        createdAt: input.at,
      })
      .returning(),
  );
}

/** A note on an alert's customer (kept with the alert and its case), audited. */
export async function addNote(deps: TComplianceDeps, call: TStaffCall, alertId: number, body: string): Promise<TComplianceNote> {
  const note = await deps.db.transaction(async (tx) => {
    const [alert] = await tx.select().from(complianceAlerts).where(eq(complianceAlerts.id, alertId));
    if (!alert) throw alertNotFound();
    const row = await insertNote(tx, {
      userId: alert.userId,
      alertId,
      caseId: alert.caseId,
      authorId: call.actor.id,
      body: body.trim(),
      at: nowOf(deps),
    });
    await writeAudit(tx, {
      actor: call.actor,
      action: 'compliance.note',
      targetType: 'compliance_alert',
      targetId: alertId,
      after: { noteId: row.id },
      ip: call.ip,
    });
    return row;
  });
  const authorName = call.actor.user.fullName || call.actor.user.name;
  return { id: note.id, body: note.body, authorName, alertId: note.alertId, caseId: note.caseId, createdAt: note.createdAt.toISOString() };
}

/**
 * Moves an open alert to `to`, once: the conditional update on status 'open' lets exactly one of
 * two officers through; the other gets ALERT_ALREADY_DECIDED.
 */
async function decideOpenAlert(tx: TTx, id: number, to: 'cleared' | 'escalated', actorId: string, at: Date, caseId?: number) {
  const [row] = await tx
    .update(complianceAlerts)
    .set({ status: to, decidedAt: at, decidedBy: actorId, ...(caseId === undefined ? {} : { caseId }) })
    .where(and(eq(complianceAlerts.id, id), eq(complianceAlerts.status, 'open')))
    .returning();
  if (row) return row;
  const [exists] = await tx.select({ id: complianceAlerts.id }).from(complianceAlerts).where(eq(complianceAlerts.id, id));
  throw exists ? new AppError('ALERT_ALREADY_DECIDED', COMPLIANCE_MSG.alertDecided) : alertNotFound();
}

/**
 * Clears an open alert (its hold ends with it), once, with its reason (issue 27 point 5: required,
 * ZClearAlertRequest), kept as a note on the alert and in the audit entry.
 */
export async function clearAlert(deps: TComplianceDeps, call: TStaffCall, id: number, reason: string): Promise<TAlert> {
  await deps.db.transaction(async (tx) => {
    const at = nowOf(deps);
    const row = await decideOpenAlert(tx, id, 'cleared', call.actor.id, at);
    await insertNote(tx, { userId: row.userId, alertId: id, caseId: row.caseId, authorId: call.actor.id, body: reason.trim(), at });
    await writeAudit(tx, {
      actor: call.actor,
      action: 'compliance.alert_clear',
      targetType: 'compliance_alert',
      targetId: id,
      before: { status: 'open' },
      after: { status: 'cleared', rule: row.rule, orderId: row.orderId, reason: reason.trim() },
      ip: call.ip,
    });
  });
  return readAlert(deps.db, id);
}

/**
 * Escalates an open alert to a suspicious-activity case, once: the customer's open case when
 * there is one (its timer runs on), else a new case due 24 hours from now (the FIC's deadline,
 * docs/decisions/017). The alert stays escalated: a 'hold' alert keeps holding its order.
 */
export async function escalateAlert(
  deps: TComplianceDeps,
  call: TStaffCall,
  id: number,
  note: string | undefined,
): Promise<{ alert: TAlert; case: TComplianceCase }> {
  const caseId = await deps.db.transaction(async (tx) => {
    const at = nowOf(deps);
    const [found] = await tx
      .select({
        userId: complianceAlerts.userId,
        orderId: complianceAlerts.orderId,
        rule: complianceAlerts.rule,
        details: complianceAlerts.details,
      })
      .from(complianceAlerts)
      .where(eq(complianceAlerts.id, id));
    if (!found) throw alertNotFound();
    // The held order, then its number, are locked as a staff cancel locks them (orders/lifecycle.ts
    // decideOrder): a cancel either finished before, or sees the escalation and is refused.
    if (found.orderId !== null) await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, found.orderId)).for('update');
    if (found.rule === 'shared_account' && typeof found.details.number === 'string') await lockNumbers(tx, [found.details.number]);
    // One open case per customer: the customer's row is the lock two escalations wait on (taken
    // after the order, as every order change takes them, so the two never wait on each other in turn).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, found.userId)).for('update');
    const alert = firstOrThrow(await tx.select().from(complianceAlerts).where(eq(complianceAlerts.id, id)).for('update'));
    if (alert.status !== 'open') throw new AppError('ALERT_ALREADY_DECIDED', COMPLIANCE_MSG.alertDecided);
    const [open] = await tx
      .select()
      .from(complianceCases)
      .where(and(eq(complianceCases.userId, alert.userId), eq(complianceCases.status, 'open')))
      .orderBy(asc(complianceCases.id))
      .limit(1);
    const caseRow =
      open ??
      firstOrThrow(
        await tx
          .insert(complianceCases)
          .values({ userId: alert.userId, openedBy: call.actor.id, openedAt: at, dueAt: new Date(at.getTime() + CASE_DUE_HOURS * HOUR_MS) })
          .returning(),
      );
    await decideOpenAlert(tx, id, 'escalated', call.actor.id, at, caseRow.id);
    if (note?.trim())
      await insertNote(tx, { userId: alert.userId, alertId: id, caseId: caseRow.id, authorId: call.actor.id, body: note.trim(), at });
    await writeAudit(tx, {
      actor: call.actor,
      action: 'compliance.alert_escalate',
      targetType: 'compliance_alert',
      targetId: id,
      before: { status: 'open' },
      after: { status: 'escalated', caseId: caseRow.id, dueAt: caseRow.dueAt.toISOString(), isNewCase: !open },
      ip: call.ip,
    });
    return caseRow.id;
  });
  return { alert: await readAlert(deps.db, id), case: await readCase(deps.db, caseId, nowOf(deps)) };
}

/**
 * Releases the hold of an escalated 'hold' alert, once, with the officer's note (kept as a
 * compliance note on the alert and its case); audited. The alert stays escalated (the case runs
 * on); its order may then be approved or cancelled. A conditional update: of two officers exactly
 * one releases, the other gets HOLD_NOT_RELEASABLE, as does an alert that is open (cleared
 * instead), cleared or only a flag.
 */
export async function releaseHold(deps: TComplianceDeps, call: TStaffCall, id: number, note: string): Promise<TAlert> {
  await deps.db.transaction(async (tx) => {
    const at = nowOf(deps);
    const [row] = await tx
      .update(complianceAlerts)
      .set({ releasedAt: at, releasedBy: call.actor.id })
      .where(and(eq(complianceAlerts.id, id), eq(complianceAlerts.action, 'hold'), escalatedUnreleased))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: complianceAlerts.id }).from(complianceAlerts).where(eq(complianceAlerts.id, id));
      throw exists ? new AppError('HOLD_NOT_RELEASABLE', COMPLIANCE_MSG.holdNotReleasable) : alertNotFound();
    }
    const saved = await insertNote(tx, {
      userId: row.userId,
      alertId: id,
      caseId: row.caseId,
      authorId: call.actor.id,
      body: note.trim(),
      at,
    });
    await writeAudit(tx, {
      actor: call.actor,
      action: 'compliance.alert_release',
      targetType: 'compliance_alert',
      targetId: id,
      before: { status: 'escalated', released: false },
      after: { status: 'escalated', released: true, rule: row.rule, orderId: row.orderId, caseId: row.caseId, noteId: saved.id },
      ip: call.ip,
    });
  });
  return readAlert(deps.db, id);
}

/** Cases: open ones by due time (overdue first), ended ones after; overdue cases get their alert first. */
export async function listCases(deps: TComplianceDeps, status: 'all' | TCaseStatus): Promise<TCaseList> {
  await raiseOverdueCaseAlerts(deps);
  const rows = await deps.db
    .select(caseColumns)
    .from(complianceCases)
    .innerJoin(users, eq(users.id, complianceCases.userId))
    .where(status === 'all' ? undefined : eq(complianceCases.status, status))
    .orderBy(sql`case when ${complianceCases.status} = 'open' then 0 else 1 end`, asc(complianceCases.dueAt), asc(complianceCases.id))
    .limit(200);
  const alertIds = await alertIdsOf(
    deps.db,
    rows.map((row) => row.case.id),
  );
  const now = nowOf(deps);
  return { cases: rows.map((row) => toCase(row, alertIds.get(row.case.id) ?? [], now)), now: now.toISOString() };
}

/** Why a case could not be ended: it ended already (filed, or no report needed), or there is no such case. */
async function caseNotOpen(tx: TTx, id: number): Promise<AppError> {
  const [exists] = await tx.select({ status: complianceCases.status }).from(complianceCases).where(eq(complianceCases.id, id));
  if (!exists) return caseNotFound();
  return new AppError('CASE_ALREADY_FILED', exists.status === 'filed' ? COMPLIANCE_MSG.caseFiled : COMPLIANCE_MSG.caseClosed);
}

/**
 * Ends a case without a report to the FIC (issue 27 point 5), once, with the reason compliance
 * wrote (kept on the case and in the audit entry). The case's holds stay as they are: releasing
 * one is its own decision (releaseHold).
 */
export async function closeCaseWithoutReport(
  deps: TComplianceDeps,
  call: TStaffCall,
  id: number,
  reason: string,
): Promise<TComplianceCase> {
  const at = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(complianceCases)
      .set({ status: 'no_report', filedAt: at, filedBy: call.actor.id, noReportReason: reason.trim() })
      .where(and(eq(complianceCases.id, id), eq(complianceCases.status, 'open')))
      .returning();
    if (!row) throw await caseNotOpen(tx, id);
    await writeAudit(tx, {
      actor: call.actor,
      action: 'compliance.case_no_report',
      targetType: 'compliance_case',
      targetId: id,
      before: { status: 'open' },
      after: { status: 'no_report', reason: row.noReportReason, overdue: at.getTime() > row.dueAt.getTime() },
      ip: call.ip,
    });
  });
  return readCase(deps.db, id, at);
}

/**
 * Raises the 'overdue_case' alert of every open case past its 24-hour due time, once per case
 * (dedupe key). Run whenever the desk reads its counts or cases, and by the compliance worker;
 * `now` comes from the deps, so tests set the time instead of waiting.
 */
export async function raiseOverdueCaseAlerts(deps: TComplianceDeps): Promise<void> {
  const now = nowOf(deps);
  const overdue = await deps.db
    .select({ id: complianceCases.id, userId: complianceCases.userId, dueAt: complianceCases.dueAt })
    .from(complianceCases)
    .where(and(eq(complianceCases.status, 'open'), lte(complianceCases.dueAt, now)));
  if (overdue.length === 0) return;
  await deps.db.transaction(async (tx) => {
    const monitoring = await readMonitoringSettings(tx);
    for (const row of overdue) {
      await raise(tx, monitoring, {
        userId: row.userId,
        orderId: null,
        rule: 'overdue_case',
        dedupeKey: `overdue_case:${row.id}`,
        details: { caseId: row.id, dueAt: row.dueAt.toISOString() },
        at: now,
      });
    }
  });
}

/** Open cases past their due time: the desk's own count (issue 27 point 5). */
export async function countOverdueCases(deps: TComplianceDeps): Promise<{ count: number }> {
  await raiseOverdueCaseAlerts(deps);
  const { total } = firstOrThrow(
    await deps.db
      .select({ total: count() })
      .from(complianceCases)
      .where(and(eq(complianceCases.status, 'open'), lte(complianceCases.dueAt, nowOf(deps)))),
  );
  return { count: total };
}

/** Marks a case filed with the FIC's reference, once; audited. */
export async function fileCase(deps: TComplianceDeps, call: TStaffCall, id: number, ficReference: string): Promise<TComplianceCase> {
  await deps.db.transaction(async (tx) => {
    const at = nowOf(deps);
    const [row] = await tx
      .update(complianceCases)
      .set({ status: 'filed', filedAt: at, filedBy: call.actor.id, ficReference: ficReference.trim() })
      .where(and(eq(complianceCases.id, id), eq(complianceCases.status, 'open')))
      .returning();
    if (!row) throw await caseNotOpen(tx, id);
    await writeAudit(tx, {
      actor: call.actor,
      action: 'compliance.case_file',
      targetType: 'compliance_case',
      targetId: id,
      before: { status: 'open' },
      after: { status: 'filed', ficReference: row.ficReference, overdue: at.getTime() > row.dueAt.getTime() },
      ip: call.ip,
    });
  });
  return readCase(deps.db, id, nowOf(deps));
}

/**
 * A case for filing with the FIC, as CSV (lib/csv.ts: formula cells behind a quote): one fact a
 * line, `section,recordId,field,value`: the case, the customer, every order of theirs, the list
 * of their KYC documents (never the files), the alerts and the notes. The download is audited.
 */
export async function exportCase(deps: TComplianceDeps, call: TStaffCall, id: number): Promise<TCsvExport> {
  const { db } = deps;
  const theCase = await readCase(db, id);
  await writeAudit(db, { actor: call.actor, action: 'compliance.case_export', targetType: 'compliance_case', targetId: id, ip: call.ip });
  const customer = await readCustomer(db, theCase.userId);
  const orderRows = await db
    .select({
      order: orders,
      quote: {
        feePercentage: quotes.feePercentage,
        unitPriceUsd: quotes.unitPriceUsd,
        baseUsd: quotes.baseUsd,
        amountCrypto: quotes.amountCrypto,
        ghsRate: quotes.ghsRate,
      },
    })
    .from(orders)
    .leftJoin(quotes, eq(quotes.id, orders.quoteId))
    .where(eq(orders.userId, theCase.userId))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const documents = await readDocuments(db, theCase.userId);
  const alerts = await db
    .select(alertColumns)
    .from(complianceAlerts)
    .innerJoin(users, eq(users.id, complianceAlerts.userId))
    .where(eq(complianceAlerts.userId, theCase.userId))
    .orderBy(asc(complianceAlerts.createdAt), asc(complianceAlerts.id));
  const notes = await readNotes(db, theCase.userId);

  const lines: TCsvCell[][] = [];
  const facts = (section: string, recordId: string | number, values: Record<string, TCsvCell | number | boolean>) => {
    for (const [field, value] of Object.entries(values)) {
      lines.push([section, String(recordId), field, value === null || value === undefined ? null : String(value)]);
    }
  };
  facts('case', theCase.id, {
    status: theCase.status,
    openedAt: theCase.openedAt,
    dueAt: theCase.dueAt,
    filedAt: theCase.filedAt,
    ficReference: theCase.ficReference,
    alertIds: theCase.alertIds.join(' '),
  });
  facts('customer', customer.id, {
    fullName: customer.fullName,
    username: customer.username,
    email: customer.email,
    phone: customer.phone,
    tier: customer.tier,
    kycStatus: customer.kycStatus,
    registeredAt: customer.createdAt,
    closedAt: customer.closedAt,
  });
  for (const { order, quote } of orderRows) {
    // Issue 28 point 6: the fee of each order, as every export has it (modules/treasury/order-fee.ts).
    const fee = quote ? orderFee(quote, order.fiatCurrency) : null;
    facts('order', order.id, {
      createdAt: order.createdAt.toISOString(),
      type: order.type,
      status: order.status,
      coin: order.coinSymbol.toUpperCase(),
      amountCrypto: order.amountCrypto,
      amountGhs: order.amountGhs,
      amountUsd: order.amountUsd,
      paymentMethod: order.paymentMethod,
      paymentReference: order.paymentReference,
      paymentTxId: order.paymentTxId,
      payerNumber: order.payerNumber,
      payerName: order.payerName,
      recordedPayerName: order.recordedPayerName,
      recordedPayerNumber: order.recordedPayerNumber,
      payoutNumber: order.payout?.type === 'momo' ? order.payout.number : (order.payout?.accountNumber ?? null),
      walletAddress: order.walletAddress,
      payoutReference: order.payoutReference,
      decidedAt: iso(order.decidedAt),
      feePercentage: fee?.percentage ?? null,
      fee: fee?.amount ?? null,
      feeCurrency: fee?.currency ?? null,
      feeGhs: fee?.ghs ?? null,
    });
  }
  for (const document of documents) {
    facts('document', document.id, {
      idType: document.idType,
      level: document.level,
      status: document.status,
      files: document.files.join('; '),
      submittedAt: document.submittedAt,
      decidedAt: document.decidedAt,
    });
  }
  for (const { alert } of alerts) {
    facts('alert', alert.id, {
      rule: alert.rule,
      action: alert.action,
      status: alert.status,
      orderId: alert.orderId,
      createdAt: alert.createdAt.toISOString(),
      decidedAt: iso(alert.decidedAt),
      releasedAt: iso(alert.releasedAt),
      details: JSON.stringify(alert.details),
    });
  }
  for (const note of notes) {
    facts('note', note.id, {
      createdAt: note.createdAt,
      author: note.authorName,
      alertId: note.alertId,
      caseId: note.caseId,
      body: note.body,
    });
  }
  return {
    fileName: csvFileName(`case-${id}`, nowOf(deps)),
    columns: CASE_EXPORT_COLUMNS,
    batches: (async function* () {
      yield lines;
    })(),
  };
}

// --- settings ---

type TSettingsRow = typeof settings.$inferSelect;

function toComplianceSettings(row: TSettingsRow): TComplianceSettings {
  return {
    largeOrderGhs: row.largeOrderGhs,
    dailyVolumeAlertGhs: row.dailyVolumeAlertGhs,
    structuringBandPercent: row.structuringBandPercent,
    structuringOrderCount: row.structuringOrderCount,
    sharedNumberMaxCustomers: row.sharedNumberMaxCustomers,
    ruleActions: ruleActionsOf(row.ruleActions),
    retentionYears: row.retentionYears,
  };
}

export async function getComplianceSettings(db: TDb): Promise<TComplianceSettings> {
  await db.insert(settings).values({ id: 1 }).onConflictDoNothing();
  return toComplianceSettings(firstOrThrow(await db.select().from(settings).where(eq(settings.id, 1))));
}

/** Thresholds, rule actions and the retention period (super admin only), audited with before and after. */
export async function updateComplianceSettings(db: TDb, call: TStaffCall, update: TComplianceSettingsUpdate): Promise<TComplianceSettings> {
  const row = await db.transaction(async (tx) => {
    await tx.insert(settings).values({ id: 1 }).onConflictDoNothing();
    const before = toComplianceSettings(firstOrThrow(await tx.select().from(settings).where(eq(settings.id, 1)).for('update')));
    const after = firstOrThrow(
      await tx
        .update(settings)
        .set({ ...update, updatedAt: new Date() })
        .where(eq(settings.id, 1))
        .returning(),
    );
    await writeAudit(tx, {
      actor: call.actor,
      action: 'compliance.settings_update',
      targetType: 'settings',
      targetId: 1,
      before,
      after: toComplianceSettings(after),
      ip: call.ip,
    });
    return after;
  });
  return toComplianceSettings(row);
}

// --- closing accounts ---

/**
 * Closes a customer's account (super admin): closedAt set, signing in refused (banned, every
 * session ended). Nothing is deleted: the records stay for the retention period, after which the
 * retention job anonymises the account (retention.ts). Audited.
 */
export async function closeAccount(deps: TComplianceDeps, call: TStaffCall, userId: string, reason: string): Promise<{ closedAt: string }> {
  return deps.db.transaction(async (tx) => {
    const at = nowOf(deps);
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('NOT_FOUND', MSG.userNotFound);
    if (isStaffRole(user.role)) throw new AppError('FORBIDDEN', COMPLIANCE_MSG.cannotCloseStaff);
    if (user.closedAt) throw new AppError('ACCOUNT_ALREADY_CLOSED', COMPLIANCE_MSG.accountClosed);
    // Paid orders waiting for staff would be left behind a closed account (issue 27 point 2):
    // approved or refunded first. The customer's row lock keeps a new "I have paid"
    // of theirs from slipping in meanwhile only as far as that path locks it too; the refusal is
    // read in this transaction.
    const [paid] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), inArray(orders.status, [...STAFF_PENDING_STATUSES])))
      .limit(1);
    if (paid) throw new AppError('ACCOUNT_HAS_PAID_ORDERS', COMPLIANCE_MSG.openPaidOrders);
    const [closed] = await tx
      .update(users)
      .set({ closedAt: at, banned: true, banReason: `Account closed: ${reason.trim()}`, updatedAt: at })
      .where(and(eq(users.id, userId), isNull(users.closedAt)))
      .returning();
    if (!closed) throw new AppError('ACCOUNT_ALREADY_CLOSED', COMPLIANCE_MSG.accountClosed);
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await writeAudit(tx, {
      actor: call.actor,
      action: 'user.close',
      targetType: 'user',
      targetId: userId,
      before: { closedAt: null, isBanned: user.banned },
      after: { closedAt: at.toISOString(), isBanned: true, reason: reason.trim() },
      ip: call.ip,
    });
    return { closedAt: at.toISOString() };
  });
}
