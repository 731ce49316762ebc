import { and, eq, inArray, isNull } from 'drizzle-orm';
import { COMPLIANCE_MSG } from '#shared/contracts/compliance.js';
import { STAFF_PENDING_STATUSES } from '#shared/contracts/orders.js';
import { MSG } from '#shared/messages.js';
import { isStaffRole } from '#shared/permissions.js';
import type { TDb } from '#server/db/client.js';
import { sessions, users } from '#server/db/schema/auth.js';
import { orders } from '#server/db/schema/orders.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import type { TActor } from '#server/plugins/access.js';

export type TAccountClosureDeps = { db: TDb; now?: () => Date };

/**
 * Closes a customer's account (super admin): closedAt set, signing in refused (banned, every
 * session ended). Nothing is deleted: the records stay for the retention period, after which the
 * retention job anonymises the account (src/server/modules/compliance/retention.ts). Audited.
 */
export async function closeAccount(
  deps: TAccountClosureDeps,
  call: { actor: TActor; ip: string },
  userId: string,
  reason: string,
): Promise<{ closedAt: string }> {
  return deps.db.transaction(async (tx) => {
    const at = deps.now?.() ?? new Date();
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
