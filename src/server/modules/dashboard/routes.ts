import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminDashboard, ZPortfolio } from '#shared/contracts/dashboard.js';
import type { TDb } from '#server/db/client.js';
import { actorOf } from '#server/plugins/access.js';
import type { MarketService } from '#server/modules/market/service.js';
import { getAdminDashboard, getPortfolio } from './service.js';
import { ZSetupStatus } from '#shared/contracts/setup.js';
import { getSetupStatus } from './setup-status.js';

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: TDb; market: MarketService; now?: () => Date }> = async (
  app,
  { db, market, now },
) => {
  app.get(
    '/api/portfolio',
    { config: { access: 'customer' }, schema: { tags: ['dashboard'], response: { 200: ZPortfolio } } },
    async (request) => getPortfolio(db, market, actorOf(request).id),
  );

  app.get(
    '/api/admin/dashboard',
    { config: { access: { area: 'dashboard' } }, schema: { tags: ['dashboard'], response: { 200: ZAdminDashboard } } },
    async (request) => getAdminDashboard(db, { role: actorOf(request).role, now: now?.() ?? new Date() }),
  );

  // The first-run checklist of the super admin's dashboard (issue 16).
  app.get(
    '/api/admin/setup-status',
    { config: { access: { area: 'setup' } }, schema: { tags: ['dashboard'], response: { 200: ZSetupStatus } } },
    async () =>
      getSetupStatus({
        db,
        smtpPassFromEnv: app.config.smtpPassFromEnv,
        smtpFingerprint: () => app.emailSender.currentSmtpFingerprint(),
      }),
  );
};
