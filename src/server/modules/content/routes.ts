import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZContactContent, ZContactContentUpdate } from '#shared/contracts/content.js';
import type { TDb } from '#server/db/client.js';
import { actorOf } from '#server/plugins/access.js';
import { getContactContent, updateContactContent } from './service.js';

export const contentRoutes: FastifyPluginAsyncZod<{ db: TDb }> = async (app, { db }) => {
  app.get('/api/content/contact', { config: { access: 'public' }, schema: { tags: ['content'], response: { 200: ZContactContent } } }, () =>
    getContactContent(db),
  );
};

/** /admin/contact (super_admin, manager): edits the public contact page and the company's details, audited. */
export const contentAdminRoutes: FastifyPluginAsyncZod<{ db: TDb }> = async (app, { db }) => {
  app.put(
    '/api/admin/contact',
    {
      config: { access: { area: 'contact' } },
      schema: { tags: ['content'], body: ZContactContentUpdate, response: { 200: ZContactContent } },
    },
    (request) => updateContactContent(db, actorOf(request), request.body, request.ip),
  );
};
