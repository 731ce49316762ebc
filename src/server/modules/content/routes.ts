import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_DEFAULTS, ZContactContent } from '#shared/contracts/content.js';
import type { TDb } from '#server/db/client.js';
import { contactPageContent } from '#server/db/schema/app.js';
import { writeAudit } from '#server/lib/audit.js';
import { requireActor } from '#server/plugins/access.js';

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

/** /admin/contact (super_admin, manager): edits the public contact page, audited. */
export const contentAdminRoutes: FastifyPluginAsyncZod<{ db: TDb }> = async (app, { db }) => {
  app.put(
    '/api/admin/contact',
    {
      config: { access: { area: 'contact' } },
      schema: { tags: ['content'], body: ZContactContent.strict(), response: { 200: ZContactContent } },
    },
    async (request) => {
      const actor = await requireActor(request);
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(contactPageContent).where(eq(contactPageContent.id, 1));
        const values = { ...request.body, updatedAt: new Date() };
        const [after] = await tx
          .insert(contactPageContent)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: contactPageContent.id, set: values })
          .returning();
        const pick = (r: typeof after | undefined) =>
          r ? { headline: r.headline, introParagraph: r.introParagraph, supportEmail: r.supportEmail, supportPhone: r.supportPhone } : null;
        await writeAudit(tx, {
          actor,
          action: 'contact.update',
          targetType: 'contact_page',
          targetId: 1,
          before: pick(before),
          after: pick(after),
          ip: request.ip,
        });
        return pick(after)!;
      });
    },
  );
};
