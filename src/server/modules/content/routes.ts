import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_DEFAULTS, ZContactContent } from '../../../shared/contracts/content.js';
import type { TDb } from '../../db/client.js';
import { contactPageContent } from '../../db/schema/app.js';

export const contentRoutes: FastifyPluginAsyncZod<{ db: TDb }> = async (app, { db }) => {
  app.get(
    '/api/content/contact',
    { config: { access: 'public' }, schema: { tags: ['content'], response: { 200: ZContactContent } } },
    async () => {
      const [row] = await db.select().from(contactPageContent).where(eq(contactPageContent.id, 1));
      if (!row) return CONTACT_DEFAULTS;
      return { headline: row.headline, introParagraph: row.introParagraph, supportEmail: row.supportEmail, supportPhone: row.supportPhone };
    },
  );
};
