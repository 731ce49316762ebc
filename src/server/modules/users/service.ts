import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_MSG, type TAdminUser, type TAdminUserDetail, type TAdminUserList, type TUserQuery } from '#shared/contracts/admin.js';
import { MSG } from '#shared/messages.js';
import { isStaffRole } from '#shared/permissions.js';
import type { TDb } from '#server/db/client.js';
import { firstOrThrow, isCustomerRow } from '#server/db/rows.js';
import { sessions, users } from '#server/db/schema/auth.js';
import { orders } from '#server/db/schema/orders.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import { containsPattern } from '#server/lib/sql.js';
import type { TActor, TUserRow } from '#server/plugins/access.js';
import { toOrder } from '#server/modules/order-reads/order-view.js';

const PAGE_SIZE = 10;
const RECENT_ORDERS = 5;
const notFound = () => new AppError('NOT_FOUND', MSG.userNotFound);

export function toAdminUser(row: TUserRow): TAdminUser {
  return {
    id: row.id,
    username: row.displayUsername ?? row.username ?? '',
    fullName: row.fullName || row.name,
    email: row.email,
    phone: row.phone,
    kycStatus: row.kycStatus as TAdminUser['kycStatus'],
    tradingVolumeUsd: row.tradingVolumeUsd,
    isBanned: row.banned,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    banReason: row.banned ? row.banReason : null,
  };
}

/**
 * The list's filter: customers only (never staff), searched by name, email or phone, by KYC and
 * account status. The list and its CSV export (modules/exports) select the same people.
 */
export function customerFilter(query: Pick<TUserQuery, 'q' | 'kyc' | 'account'>): SQL {
  const conditions: SQL[] = [isCustomerRow];
  if (query.q) {
    const like = containsPattern(query.q);
    conditions.push(or(ilike(users.fullName, like), ilike(users.email, like), sql`coalesce(${users.phone}, '') like ${like}`)!);
  }
  if (query.kyc !== 'all') conditions.push(eq(users.kycStatus, query.kyc));
  if (query.account !== 'all') conditions.push(eq(users.banned, query.account === 'banned'));
  return and(...conditions)!;
}

/** One page of customers (never staff), searched by name, email or phone, filtered and sorted. */
export async function findCustomers(db: TDb, query: TUserQuery): Promise<TAdminUserList> {
  const where = customerFilter(query);
  const column = { fullName: users.fullName, createdAt: users.createdAt, tradingVolumeUsd: users.tradingVolumeUsd }[query.sort];
  const direction = query.dir === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(direction(column), direction(users.id))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  const { total } = firstOrThrow(await db.select({ total: count() }).from(users).where(where));
  return { users: rows.map(toAdminUser), total, page: query.page, pageSize: PAGE_SIZE };
}

/** A customer's profile with their latest orders; staff accounts are not found here. */
export async function getCustomer(db: TDb, id: string): Promise<TAdminUserDetail> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isCustomerRow));
  if (!row) throw notFound();
  const recent = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, row.id))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(RECENT_ORDERS);
  return { user: toAdminUser(row), recentOrders: recent.map(toOrder) };
}

/**
 * Bans or unbans a customer (staff cannot be banned here), audited. A ban ends every session
 * of the user in the same transaction; the caller closes their sockets once it has committed.
 * Banning a banned account or unbanning an active one changes nothing and is refused (409
 * USER_ALREADY_BANNED / USER_NOT_BANNED), so the audit log records only real changes. A closed
 * account is never unbanned (409 ACCOUNT_CLOSED). A ban carries its reason (its route requires it,
 * ZBanUserRequest; issue 27 point 5), kept on the account and in the audit entry.
 */
export async function setCustomerBanned(
  db: TDb,
  actor: TActor,
  id: string,
  isBanned: boolean,
  ip: string,
  reason: string | null = null,
): Promise<TAdminUser> {
  const banReason = isBanned ? reason?.trim() || null : null;
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!before) throw notFound();
    if (isStaffRole(before.role)) throw new AppError('FORBIDDEN', ADMIN_MSG.cannotBanStaff);
    // A closed account stays banned: reopening it would let the retention job anonymise a
    // customer who is trading again (docs/decisions/017).
    if (!isBanned && before.closedAt) throw new AppError('ACCOUNT_CLOSED', ADMIN_MSG.accountClosed);
    if (before.banned === isBanned) {
      throw isBanned ? new AppError('USER_ALREADY_BANNED', ADMIN_MSG.alreadyBanned) : new AppError('USER_NOT_BANNED', ADMIN_MSG.notBanned);
    }
    const after = firstOrThrow(
      await tx.update(users).set({ banned: isBanned, banReason, updatedAt: new Date() }).where(eq(users.id, before.id)).returning(),
    );
    if (isBanned) await tx.delete(sessions).where(eq(sessions.userId, before.id));
    await writeAudit(tx, {
      actor,
      action: isBanned ? 'user.ban' : 'user.unban',
      targetType: 'user',
      targetId: before.id,
      before: { isBanned: before.banned, reason: before.banReason },
      after: { isBanned, reason: banReason },
      ip,
    });
    return after;
  });
  return toAdminUser(row);
}
