import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  CASE_DUE_HOURS,
  COMPLIANCE_MSG,
  type TAlert,
  type TAlertCount,
  type TAlertDetail,
  type TAlertList,
  type TAlertQuery,
  type TComplianceCase,
  type TComplianceNote,
} from '#shared/contracts/compliance.js';
import type { TDb, TTx } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { users } from '#server/db/schema/auth.js';
import { complianceAlerts, complianceCases } from '#server/db/schema/compliance.js';
import { orders } from '#server/db/schema/orders.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import { toOrder } from '#server/modules/order-reads/order-view.js';
import {
  alertColumns,
  alertNotFound,
  insertNote,
  nowOf,
  readAlert,
  readCase,
  readCustomer,
  readDocuments,
  readNotes,
  toAlert,
  type TComplianceDeps,
  type TStaffCall,
} from './desk-reads.js';
import { alertNeedsDesk, escalatedUnreleased, lockNumbers, otherAccountsOnNumber } from './rules.js';

/**
 * The compliance desk's alerts (docs/decisions/017-compliance-desk.md): the queue with what an
 * officer decides on, notes, clearing or escalating an alert once and releasing an escalated
 * hold once (conditional updates). Cases are cases.ts, the case export exports.ts, the monitoring
 * settings settings.ts. Every change is audited. Nothing here reaches the customer: no email, no
 * SMS, no state they can see (a held order simply waits in its submitted state).
 */

const PAGE_SIZE = 20;
const CUSTOMER_ORDERS = 50;
const HOUR_MS = 3_600_000;

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
