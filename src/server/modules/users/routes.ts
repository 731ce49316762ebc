import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminUserDetail, ZAdminUserList, ZUserIdParams, ZUserQuery } from '#shared/contracts/admin.js';
import type { TDb } from '#server/db/client.js';
import type { TOnAccountChanged } from '#server/lib/account-changed.js';
import { actorOf } from '#server/plugins/access.js';
import { findCustomers, getCustomer, setCustomerBanned } from './service.js';

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
    (request) => findCustomers(db, request.query),
  );

  app.get(
    '/api/admin/users/:id',
    { config: { access }, schema: { tags: ['admin'], params: ZUserIdParams, response: { 200: ZAdminUserDetail } } },
    (request) => getCustomer(db, request.params.id),
  );

  for (const [action, isBanned] of [
    ['ban', true],
    ['unban', false],
  ] as const) {
    app.post(
      `/api/admin/users/:id/${action}`,
      {
        config: { access, errors: isBanned ? ['USER_ALREADY_BANNED'] : ['USER_NOT_BANNED', 'ACCOUNT_CLOSED'] },
        schema: { tags: ['admin'], params: ZUserIdParams, response: { 200: ZAdminUserDetail.pick({ user: true }) } },
      },
      async (request) => {
        const user = await setCustomerBanned(db, actorOf(request), request.params.id, isBanned, request.ip);
        if (isBanned) onAccountChanged(user.id);
        return { user };
      },
    );
  }
};
