import { and, asc, count, eq, lte, sql } from 'drizzle-orm';
import { COMPLIANCE_MSG, type TCaseList, type TCaseStatus, type TComplianceCase } from '#shared/contracts/compliance.js';
import type { TTx } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { users } from '#server/db/schema/auth.js';
import { complianceCases } from '#server/db/schema/compliance.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import { alertIdsOf, caseColumns, caseNotFound, nowOf, readCase, toCase, type TComplianceDeps, type TStaffCall } from './desk-reads.js';
import { settingsOnce } from './monitoring.js';
import { runRules } from './rules/index.js';

/**
 * Suspicious-activity cases (docs/decisions/017-compliance-desk.md): the list with the FIC's
 * 24-hour timer, filing or ending a case once (conditional updates, audited), and the overdue
 * case's own alert.
 */

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
    const settings = settingsOnce(tx);
    for (const row of overdue) await runRules(tx, 'case_overdue', { case: row }, now, settings);
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
