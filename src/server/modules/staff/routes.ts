import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOk } from '#shared/contracts/common.js';
import {
  ZCreateStaffRequest,
  ZInvitationCheckRequest,
  ZSetPasswordRequest,
  ZStaffIdParams,
  ZStaffList,
  ZStaffResponse,
  ZUpdateStaffRoleRequest,
} from '#shared/contracts/staff.js';
import { actorOf } from '#server/plugins/access.js';
import {
  checkInvitation,
  createStaff,
  deleteStaff,
  listStaff,
  resendInvitation,
  resetStaffTwoFactor,
  setPasswordWithInvitation,
  updateStaffRole,
  type TStaffDeps,
} from './service.js';
import { perIp, RATE_LIMITS } from '#server/plugins/rate-limit.js';

/** Admin Management (super_admin only) and the public page where an invited admin sets a password. */
export const staffRoutes: FastifyPluginAsyncZod<TStaffDeps> = async (app, deps) => {
  const access = { area: 'admins' } as const;
  const tags = ['admin'];

  app.get('/api/admin/admins', { config: { access }, schema: { tags, response: { 200: ZStaffList } } }, async () => ({
    admins: await listStaff(deps.db),
  }));

  app.post(
    '/api/admin/admins',
    {
      config: { access, errors: ['EMAIL_TAKEN', 'INVALID_CREDENTIALS', 'CODE_REUSED'] },
      schema: { tags, body: ZCreateStaffRequest, response: { 201: ZStaffResponse } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const admin = await createStaff(deps, request.body, { actor, ip: request.ip, request });
      return reply.status(201).send({ admin });
    },
  );

  app.patch(
    '/api/admin/admins/:id',
    { config: { access }, schema: { tags, params: ZStaffIdParams, body: ZUpdateStaffRoleRequest, response: { 200: ZStaffResponse } } },
    async (request) => {
      const actor = actorOf(request);
      return { admin: await updateStaffRole(deps, request.params.id, request.body.role, { actor, ip: request.ip }) };
    },
  );

  app.post(
    '/api/admin/admins/:id/invitation',
    {
      config: { access, errors: ['INVITATION_ALREADY_ACCEPTED'] },
      schema: { tags, params: ZStaffIdParams, response: { 200: ZStaffResponse } },
    },
    async (request) => {
      const actor = actorOf(request);
      return { admin: await resendInvitation(deps, request.params.id, { actor, ip: request.ip }) };
    },
  );

  app.post(
    '/api/admin/admins/:id/two-factor/reset',
    { config: { access }, schema: { tags, params: ZStaffIdParams, response: { 200: ZStaffResponse } } },
    async (request) => {
      const actor = actorOf(request);
      return { admin: await resetStaffTwoFactor(deps, request.params.id, { actor, ip: request.ip }) };
    },
  );

  app.delete(
    '/api/admin/admins/:id',
    { config: { access }, schema: { tags, params: ZStaffIdParams, response: { 200: ZOk } } },
    async (request) => {
      const actor = actorOf(request);
      await deleteStaff(deps, request.params.id, { actor, ip: request.ip });
      return { ok: true as const };
    },
  );

  // Asked when the set-password page opens: a used link says so instead of showing the form.
  app.post(
    '/api/account/invitation/check',
    {
      config: {
        access: 'public',
        rateLimit: perIp(RATE_LIMITS.setPasswordPerIp),
        errors: ['INVALID_TOKEN', 'INVITATION_ALREADY_ACCEPTED'],
      },
      schema: { tags: ['account'], body: ZInvitationCheckRequest, response: { 200: ZOk } },
    },
    async (request) => {
      await checkInvitation(deps.db, request.body.token);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/account/set-password',
    {
      config: {
        access: 'public',
        rateLimit: perIp(RATE_LIMITS.setPasswordPerIp),
        errors: ['INVALID_TOKEN', 'INVITATION_ALREADY_ACCEPTED'],
      },
      schema: { tags: ['account'], body: ZSetPasswordRequest, response: { 200: ZOk } },
    },
    async (request) => {
      await setPasswordWithInvitation(deps.db, request.body.token, request.body.password, request.ip);
      return { ok: true as const };
    },
  );
};
