import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSettings, ZSettingsUpdate } from '#shared/contracts/admin.js';
import { ZTestEmailResult } from '#shared/contracts/setup.js';
import { actorOf } from '#server/plugins/access.js';
import { perUser, RATE_LIMITS } from '#server/plugins/rate-limit.js';
import { getSettings, sendTestEmail, updateSettings, type TSettingsDeps } from './service.js';

/** The back-office settings (super admin only): a schema and one service call per route. */
export const settingsRoutes: FastifyPluginAsyncZod<TSettingsDeps> = async (app, deps) => {
  const access = { area: 'settings' } as const;

  app.get('/api/admin/settings', { config: { access }, schema: { tags: ['admin'], response: { 200: ZSettings } } }, () =>
    getSettings(deps),
  );

  app.put(
    '/api/admin/settings',
    { config: { access }, schema: { tags: ['admin'], body: ZSettingsUpdate, response: { 200: ZSettings } } },
    async (request) => {
      const saved = await updateSettings(deps, actorOf(request), request.body, request.ip);
      // The fee feeds every price: the market answer is rebuilt at once.
      request.server.market?.invalidateReference();
      return saved;
    },
  );

  // A test email through the saved SMTP settings, to the notification address (issue 16): the
  // answer says what happened in words, a failed delivery included (it is not an API error).
  app.post(
    '/api/admin/settings/test-email',
    {
      config: { access, rateLimit: perUser(RATE_LIMITS.testEmailsPerUser) },
      schema: { tags: ['admin'], response: { 200: ZTestEmailResult } },
    },
    async (request) => sendTestEmail(deps, request.server.emailSender, actorOf(request), request.ip),
  );
};
