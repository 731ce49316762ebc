import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSettings, ZSettingsUpdate } from '#shared/contracts/admin.js';
import { actorOf } from '#server/plugins/access.js';
import { getSettings, updateSettings, type TSettingsDeps } from './service.js';

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
};
