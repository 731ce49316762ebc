import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MSG, ZAdminUserDetail, ZAdminUserList, ZUserIdParams, ZUserQuery, type TUserQuery } from '#shared/contracts/admin.js';
import { MSG } from '#shared/messages.js';
import { isStaffRole } from '#shared/permissions.js';
import type { TDb } from '#server/db/client.js';
import { sessions, users } from '#server/db/schema/auth.js';
import { orders } from '#server/db/schema/orders.js';
import type { TOnAccountChanged } from '#server/lib/account-changed.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import { requireActor, type TUserRow } from '#server/plugins/access.js';
import { toOrder } from '#server/modules/orders/service.js';
import { firstOrThrow } from '#server/db/rows.js';

const PAGE_SIZE = 10;
const isCustomer = or(isNull(users.role), inArray(users.role, ['customer', 'user']))!;

function toAdminUser(row: TUserRow) {
  return {
    id: row.id,
    username: row.displayUsername ?? row.username ?? '',
    fullName: row.fullName || row.name,
    email: row.email,
    phone: row.phone,
    kycStatus: row.kycStatus as 'unverified' | 'pending' | 'verified' | 'rejected',
    tradingVolumeUsd: row.tradingVolumeUsd,
    isBanned: row.banned,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findCustomers(db: TDb, query: TUserQuery) {
  const conditions: SQL[] = [isCustomer];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.fullName, like), ilike(users.email, like), sql`coalesce(${users.phone}, '') like ${like}`)!);
  }
  if (query.kyc !== 'all') conditions.push(eq(users.kycStatus, query.kyc));
  if (query.account !== 'all') conditions.push(eq(users.banned, query.account === 'banned'));
  const where = and(...conditions);
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

/**
 * /admin/users (super_admin, manager, compliance). A ban ends every session of the user at once
 * and, once committed, closes their sockets (onAccountChanged).
 */
export const userRoutes: FastifyPluginAsyncZod<{ db: TDb; onAccountChanged: TOnAccountChanged }> = async (
  app,
  { db, onAccountChanged },
) => {
  const access = { area: 'users' } as const;

  app.get(
    '/api/admin/users',
    { config: { access }, schema: { tags: ['admin'], querystring: ZUserQuery, response: { 200: ZAdminUserList } } },
    async (request) => findCustomers(db, request.query),
  );

  app.get(
    '/api/admin/users/:id',
    { config: { access }, schema: { tags: ['admin'], params: ZUserIdParams, response: { 200: ZAdminUserDetail } } },
    async (request) => {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, request.params.id), isCustomer));
      if (!row) throw new AppError('NOT_FOUND', MSG.userNotFound);
      const recent = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, row.id))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(5);
      return { user: toAdminUser(row), recentOrders: recent.map(toOrder) };
    },
  );

  for (const [action, isBanned] of [
    ['ban', true],
    ['unban', false],
  ] as const) {
    app.post(
      `/api/admin/users/:id/${action}`,
      { config: { access }, schema: { tags: ['admin'], params: ZUserIdParams, response: { 200: ZAdminUserDetail.pick({ user: true }) } } },
      async (request) => {
        const actor = await requireActor(request);
        const row = await db.transaction(async (tx) => {
          const [before] = await tx.select().from(users).where(eq(users.id, request.params.id)).for('update');
          if (!before) throw new AppError('NOT_FOUND', MSG.userNotFound);
          if (isStaffRole(before.role)) throw new AppError('FORBIDDEN', ADMIN_MSG.cannotBanStaff);
          const after = firstOrThrow(
            await tx.update(users).set({ banned: isBanned, updatedAt: new Date() }).where(eq(users.id, before.id)).returning(),
          );
          if (isBanned) await tx.delete(sessions).where(eq(sessions.userId, before.id));
          await writeAudit(tx, {
            actor,
            action: `user.${action}`,
            targetType: 'user',
            targetId: before.id,
            before: { isBanned: before.banned },
            after: { isBanned },
            ip: request.ip,
          });
          return after;
        });
        if (isBanned) onAccountChanged(row.id);
        return { user: toAdminUser(row) };
      },
    );
  }
};
