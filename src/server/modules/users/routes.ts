import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminUserDetail, ZAdminUserList, ZBanUserRequest, ZUserIdParams, ZUserQuery } from '#shared/contracts/admin.js';
import { ZCloseAccountRequest, ZCloseAccountResponse } from '#shared/contracts/compliance.js';
import type { TOnAccountChanged } from '#server/lib/account-changed.js';
import { actorOf } from '#server/plugins/access.js';
import { closeAccount, type TAccountClosureDeps } from './account-closure.js';
import { findCustomers, getCustomer, setCustomerBanned } from './service.js';

/**
 * /admin/users (super_admin, manager, compliance). A ban ends every session of the user at once
 * and, once committed, closes their sockets (onAccountChanged), as closing an account does (super
 * admin only, account-closure.ts).
 */
export const userRoutes: FastifyPluginAsyncZod<TAccountClosureDeps & { onAccountChanged: TOnAccountChanged }> = async (app, deps) => {
  const { db, onAccountChanged } = deps;
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

  app.post(
    '/api/admin/users/:id/ban',
    {
      config: { access, errors: ['USER_ALREADY_BANNED'] },
      schema: { tags: ['admin'], params: ZUserIdParams, body: ZBanUserRequest, response: { 200: ZAdminUserDetail.pick({ user: true }) } },
    },
    async (request) => {
      const user = await setCustomerBanned(db, actorOf(request), request.params.id, true, request.ip, request.body.reason);
      onAccountChanged(user.id);
      return { user };
    },
  );

  app.post(
    '/api/admin/users/:id/unban',
    {
      config: { access, errors: ['USER_NOT_BANNED', 'ACCOUNT_CLOSED'] },
      schema: { tags: ['admin'], params: ZUserIdParams, response: { 200: ZAdminUserDetail.pick({ user: true }) } },
    },
    async (request) => ({ user: await setCustomerBanned(db, actorOf(request), request.params.id, false, request.ip) }),
  );

  app.post(
    '/api/admin/users/:id/close',
    {
      config: { access: { area: 'accountClosure' }, errors: ['NOT_FOUND', 'ACCOUNT_ALREADY_CLOSED', 'ACCOUNT_HAS_PAID_ORDERS'] },
      schema: { tags: ['admin'], params: ZUserIdParams, body: ZCloseAccountRequest, response: { 200: ZCloseAccountResponse } },
    },
    async (request) => {
      const closed = await closeAccount(deps, { actor: actorOf(request), ip: request.ip }, request.params.id, request.body.reason);
      deps.onAccountChanged(request.params.id);
      return closed;
    },
  );
};
