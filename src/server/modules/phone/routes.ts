import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPhoneCodeRequest, ZPhoneStatus, ZPhoneVerifyRequest, ZSmsOrderUpdatesRequest } from '#shared/contracts/sms.js';
import { actorOf } from '#server/plugins/access.js';
import { perUser, RATE_LIMITS } from '#server/plugins/rate-limit.js';
import { getPhoneStatus, sendPhoneCode, setSmsOrderUpdates, verifyPhoneCode, type TPhoneDeps } from './service.js';

/**
 * /account/phone: the signed-in customer's phone verification by a one-time SMS code and their
 * order SMS setting (issue 18). Customers only: staff accounts are refused (403).
 */
export const phoneRoutes: FastifyPluginAsyncZod<TPhoneDeps> = async (app, deps) => {
  app.get(
    '/api/account/phone',
    { config: { access: 'customer' }, schema: { tags: ['account'], response: { 200: ZPhoneStatus } } },
    async (request) => getPhoneStatus(deps, actorOf(request).id),
  );

  app.post(
    '/api/account/phone/code',
    {
      config: {
        access: 'customer',
        rateLimit: perUser(RATE_LIMITS.phoneCodeRequestsPerUser),
        errors: ['PHONE_ALREADY_VERIFIED', 'PHONE_TAKEN', 'RATE_LIMITED'],
      },
      schema: { tags: ['account'], body: ZPhoneCodeRequest, response: { 200: ZPhoneStatus } },
    },
    async (request) => sendPhoneCode(deps, actorOf(request), request.body.phone),
  );

  app.post(
    '/api/account/phone/verify',
    {
      config: {
        access: 'customer',
        rateLimit: perUser(RATE_LIMITS.phoneVerifyPerUser),
        errors: ['PHONE_CODE_WRONG', 'PHONE_CODE_EXPIRED', 'PHONE_TAKEN', 'RATE_LIMITED'],
      },
      schema: { tags: ['account'], body: ZPhoneVerifyRequest, response: { 200: ZPhoneStatus } },
    },
    async (request) => verifyPhoneCode(deps, actorOf(request), request.body.code, request.ip),
  );

  app.put(
    '/api/account/phone/sms-order-updates',
    { config: { access: 'customer' }, schema: { tags: ['account'], body: ZSmsOrderUpdatesRequest, response: { 200: ZPhoneStatus } } },
    async (request) => setSmsOrderUpdates(deps, actorOf(request), request.body.smsOrderUpdates),
  );
};
