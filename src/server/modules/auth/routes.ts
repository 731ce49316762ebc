import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZForgotPasswordRequest,
  ZForgotPasswordResponse,
  ZLoginRequest,
  ZResetPasswordRequest,
  ZSessionResponse,
  ZSignupRequest,
  ZUsernameAvailableQuery,
  ZUsernameAvailableResponse,
} from '../../../shared/contracts/account.js';
import { ZOk } from '../../../shared/contracts/common.js';
import { toProfile } from './profile.js';
import {
  isUsernameTaken,
  requestPasswordReset,
  resetPassword,
  signInWithPassword,
  signOut,
  signUpCustomer,
  type TAccountDeps,
} from './service.js';

export const accountRoutes: FastifyPluginAsyncZod<TAccountDeps> = async (app, deps) => {
  app.get(
    '/api/session',
    { config: { access: 'public' }, schema: { tags: ['account'], response: { 200: ZSessionResponse } } },
    async (request) => {
      const user = await request.currentUser();
      return { user: user ? toProfile(user) : null };
    },
  );

  app.post(
    '/api/session/login',
    { config: { access: 'public' }, schema: { tags: ['account'], body: ZLoginRequest, response: { 200: ZSessionResponse } } },
    async (request, reply) => {
      const user = await signInWithPassword(deps, request, reply, request.body);
      return { user: toProfile(user) };
    },
  );

  app.post(
    '/api/session/logout',
    { config: { access: 'public' }, schema: { tags: ['account'], response: { 200: ZOk } } },
    async (request, reply) => {
      await signOut(deps, request, reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/account/username-available',
    {
      config: { access: 'public' },
      schema: { tags: ['account'], querystring: ZUsernameAvailableQuery, response: { 200: ZUsernameAvailableResponse } },
    },
    async (request) => ({ available: !(await isUsernameTaken(deps.db, request.query.username)) }),
  );

  app.post(
    '/api/account/signup',
    { config: { access: 'public' }, schema: { tags: ['account'], body: ZSignupRequest, response: { 201: ZSessionResponse } } },
    async (request, reply) => {
      const user = await signUpCustomer(deps, request, reply, request.body);
      return reply.status(201).send({ user: toProfile(user) });
    },
  );

  app.post(
    '/api/account/forgot-password',
    { config: { access: 'public' }, schema: { tags: ['account'], body: ZForgotPasswordRequest, response: { 200: ZForgotPasswordResponse } } },
    async (request) => ({ message: await requestPasswordReset(deps, request, request.body.email) }),
  );

  app.post(
    '/api/account/reset-password',
    { config: { access: 'public' }, schema: { tags: ['account'], body: ZResetPasswordRequest, response: { 200: ZOk } } },
    async (request) => {
      await resetPassword(deps, request, request.body.token, request.body.password);
      return { ok: true as const };
    },
  );
};
