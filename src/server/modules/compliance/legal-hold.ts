import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { COMPLIANCE_MSG, type TComplianceCase } from '#shared/contracts/compliance.js';
import { isCustomerRow } from '#server/db/rows.js';
import { users } from '#server/db/schema/auth.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import { nowOf, type TComplianceDeps, type TStaffCall } from './desk-reads.js';

/**
 * Legal holds (issue 34 point 5, docs/decisions/074): a customer under investigation keeps every
 * record past the retention period; retention.ts does not anonymise an account on hold, however
 * long ago it closed. Compliance places and lifts a hold, once each (conditional updates), with
 * the reason on the customer and in the audit log. The customer is not told (tipping off).
 */

type TLegalHold = TComplianceCase['legalHold'];

/** Customers only: staff accounts are not anonymised by retention. */

async function conflictOrMissing(deps: TComplianceDeps, userId: string, message: string): Promise<AppError> {
  const [row] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isCustomerRow));
  return row ? new AppError('LEGAL_HOLD_CONFLICT', message) : new AppError('NOT_FOUND', COMPLIANCE_MSG.customerNotFound);
}

export async function placeLegalHold(deps: TComplianceDeps, call: TStaffCall, userId: string, reason: string): Promise<TLegalHold> {
  const at = nowOf(deps);
  const text = reason.trim();
  const placed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ legalHoldAt: at, legalHoldBy: call.actor.id, legalHoldReason: text })
      .where(and(eq(users.id, userId), isCustomerRow, isNull(users.legalHoldAt)))
      .returning({ id: users.id });
    if (!row) return false;
    await writeAudit(tx, {
      actor: call.actor,
      action: 'compliance.legal_hold_place',
      targetType: 'user',
      targetId: userId,
      before: { legalHold: false },
      after: { legalHold: true, reason: text },
      ip: call.ip,
    });
    return true;
  });
  if (!placed) throw await conflictOrMissing(deps, userId, COMPLIANCE_MSG.legalHoldAlready);
  return { since: at.toISOString(), reason: text };
}

export async function liftLegalHold(deps: TComplianceDeps, call: TStaffCall, userId: string, reason: string): Promise<TLegalHold> {
  const text = reason.trim();
  const lifted = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ at: users.legalHoldAt, reason: users.legalHoldReason })
      .from(users)
      .where(and(eq(users.id, userId), isCustomerRow, isNotNull(users.legalHoldAt)))
      .for('update');
    if (!before) return false;
    await tx.update(users).set({ legalHoldAt: null, legalHoldBy: null, legalHoldReason: null }).where(eq(users.id, userId));
    await writeAudit(tx, {
      actor: call.actor,
      action: 'compliance.legal_hold_lift',
      targetType: 'user',
      targetId: userId,
      before: { legalHold: true, since: before.at?.toISOString(), reason: before.reason },
      after: { legalHold: false, reason: text },
      ip: call.ip,
    });
    return true;
  });
  if (!lifted) throw await conflictOrMissing(deps, userId, COMPLIANCE_MSG.legalHoldNotSet);
  return null;
}
