import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSettings, ZSettingsUpdate } from '#shared/contracts/admin.js';
import { DEFAULT_SERVICE_FEE_PERCENTAGE } from '#shared/money.js';
import type { TDb } from '#server/db/client.js';
import { settings } from '#server/db/schema/app.js';
import { writeAudit } from '#server/lib/audit.js';
import { encryptSecret } from '#server/lib/secrets.js';
import { requireActor } from '#server/plugins/access.js';
import { firstOrThrow } from '#server/db/rows.js';

type TRow = typeof settings.$inferSelect;

/** What may be shown: never the SMTP password, only whether there is one (decisions/013 D5). */
function toSettings(row: TRow, smtpPassFromEnv: string | undefined) {
  return {
    notificationEmail: row.notificationEmail,
    serviceFeePercentage: row.serviceFeePercentage,
    smtpHost: row.smtpHost,
    smtpPort: row.smtpPort,
    smtpSecure: row.smtpSecure,
    smtpUser: row.smtpUser,
    hasSmtpPassword: Boolean(smtpPassFromEnv) || Boolean(row.smtpPassEncrypted),
    isSmtpPasswordFromEnv: Boolean(smtpPassFromEnv),
  };
}

/** Audit entries never carry the password either. */
function auditable(row: TRow) {
  const { smtpPassEncrypted, updatedAt: _updatedAt, ...rest } = row;
  return { ...rest, hasSmtpPassword: Boolean(smtpPassEncrypted) };
}

export const settingsRoutes: FastifyPluginAsyncZod<{ db: TDb; serverSecret: string; smtpPassFromEnv?: string }> = async (app, deps) => {
  const { db } = deps;
  const access = { area: 'settings' } as const;

  app.get('/api/admin/settings', { config: { access }, schema: { tags: ['admin'], response: { 200: ZSettings } } }, async () => {
    const [row] = await db.insert(settings).values({ id: 1 }).onConflictDoNothing().returning();
    const current = row ?? firstOrThrow(await db.select().from(settings).where(eq(settings.id, 1)));
    return toSettings(current, deps.smtpPassFromEnv);
  });

  app.put(
    '/api/admin/settings',
    { config: { access }, schema: { tags: ['admin'], body: ZSettingsUpdate, response: { 200: ZSettings } } },
    async (request) => {
      const actor = await requireActor(request);
      const body = request.body;
      const changes: Partial<TRow> = { updatedAt: new Date() };
      if (body.notificationEmail !== undefined) changes.notificationEmail = body.notificationEmail || null;
      if (body.serviceFeePercentage !== undefined)
        changes.serviceFeePercentage = body.serviceFeePercentage || DEFAULT_SERVICE_FEE_PERCENTAGE;
      if (body.smtpHost !== undefined) changes.smtpHost = body.smtpHost || null;
      if (body.smtpPort !== undefined) changes.smtpPort = body.smtpPort;
      if (body.smtpSecure !== undefined) changes.smtpSecure = body.smtpSecure;
      if (body.smtpUser !== undefined) changes.smtpUser = body.smtpUser || null;
      if (body.smtpPassword !== undefined)
        changes.smtpPassEncrypted = body.smtpPassword ? encryptSecret(body.smtpPassword, deps.serverSecret) : null;
      const row = await db.transaction(async (tx) => {
        await tx.insert(settings).values({ id: 1 }).onConflictDoNothing();
        const before = firstOrThrow(await tx.select().from(settings).where(eq(settings.id, 1)).for('update'));
        const after = firstOrThrow(await tx.update(settings).set(changes).where(eq(settings.id, 1)).returning());
        await writeAudit(tx, {
          actor,
          action: 'settings.update',
          targetType: 'settings',
          targetId: 1,
          before: auditable(before),
          after: auditable(after),
          ip: request.ip,
        });
        return after;
      });
      request.server.market?.invalidateReference();
      return toSettings(row, deps.smtpPassFromEnv);
    },
  );
};
