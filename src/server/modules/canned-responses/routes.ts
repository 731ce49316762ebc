import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_MSG,
  ZCannedResponseInput,
  ZCannedResponseList,
  ZCannedResponseResponse,
  ZNumericIdParams,
} from '#shared/contracts/admin.js';
import { ZOk } from '#shared/contracts/common.js';
import type { TDb } from '#server/db/client.js';
import { cannedResponses } from '#server/db/schema/app.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import { requireActor } from '#server/plugins/access.js';
import { firstOrThrow } from '#server/db/rows.js';

const toResponse = (row: typeof cannedResponses.$inferSelect) => ({ id: row.id, title: row.title, message: row.message });
const notFound = () => new AppError('NOT_FOUND', ADMIN_MSG.responseNotFound);

/** Every canned response by title: this list, and the quick replies of live chat. */
export async function listCannedResponses(db: TDb) {
  return (await db.select().from(cannedResponses).orderBy(asc(cannedResponses.title))).map(toResponse);
}

/** Canned responses: managed by super_admin and manager; read by whoever answers chats. */
export const cannedResponseRoutes: FastifyPluginAsyncZod<{ db: TDb }> = async (app, { db }) => {
  const manage = { area: 'cannedResponses' } as const;

  app.get(
    '/api/admin/canned-responses',
    { config: { access: manage }, schema: { tags: ['admin'], response: { 200: ZCannedResponseList } } },
    async () => ({
      cannedResponses: await listCannedResponses(db),
    }),
  );

  app.post(
    '/api/admin/canned-responses',
    { config: { access: manage }, schema: { tags: ['admin'], body: ZCannedResponseInput, response: { 201: ZCannedResponseResponse } } },
    async (request, reply) => {
      const actor = await requireActor(request);
      const row = await db.transaction(async (tx) => {
        const created = firstOrThrow(await tx.insert(cannedResponses).values(request.body).returning());
        await writeAudit(tx, {
          actor,
          action: 'canned_response.create',
          targetType: 'canned_response',
          targetId: created.id,
          after: toResponse(created),
          ip: request.ip,
        });
        return created;
      });
      return reply.status(201).send({ cannedResponse: toResponse(row) });
    },
  );

  app.put(
    '/api/admin/canned-responses/:id',
    {
      config: { access: manage },
      schema: { tags: ['admin'], params: ZNumericIdParams, body: ZCannedResponseInput, response: { 200: ZCannedResponseResponse } },
    },
    async (request) => {
      const actor = await requireActor(request);
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(cannedResponses).where(eq(cannedResponses.id, request.params.id)).for('update');
        if (!before) throw notFound();
        const after = firstOrThrow(await tx.update(cannedResponses).set(request.body).where(eq(cannedResponses.id, before.id)).returning());
        await writeAudit(tx, {
          actor,
          action: 'canned_response.update',
          targetType: 'canned_response',
          targetId: before.id,
          before: toResponse(before),
          after: toResponse(after),
          ip: request.ip,
        });
        return after;
      });
      return { cannedResponse: toResponse(row) };
    },
  );

  app.delete(
    '/api/admin/canned-responses/:id',
    { config: { access: manage }, schema: { tags: ['admin'], params: ZNumericIdParams, response: { 200: ZOk } } },
    async (request) => {
      const actor = await requireActor(request);
      await db.transaction(async (tx) => {
        const [removed] = await tx.delete(cannedResponses).where(eq(cannedResponses.id, request.params.id)).returning();
        if (!removed) throw notFound();
        await writeAudit(tx, {
          actor,
          action: 'canned_response.delete',
          targetType: 'canned_response',
          targetId: removed.id,
          before: toResponse(removed),
          ip: request.ip,
        });
      });
      return { ok: true as const };
    },
  );
};
