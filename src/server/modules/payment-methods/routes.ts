import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_MSG,
  ZAdminPaymentMethodList,
  ZAdminPaymentMethodResponse,
  ZNumericIdParams,
  ZPaymentMethodInput,
  ZPaymentMethodToggle,
} from '#shared/contracts/admin.js';
import { ZOk } from '#shared/contracts/common.js';
import type { TDb } from '#server/db/client.js';
import { paymentMethods } from '#server/db/schema/app.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import { requireActor } from '#server/plugins/access.js';
import { firstOrThrow } from '#server/db/rows.js';

type TRow = typeof paymentMethods.$inferSelect;
const toMethod = (row: TRow) => ({ id: row.id, name: row.name, isEnabled: row.isEnabled, details: row.details });
const notFound = () => new AppError('NOT_FOUND', ADMIN_MSG.methodNotFound);

/** /admin/payment-methods (super_admin, manager): every change audited with before and after. */
export const paymentMethodRoutes: FastifyPluginAsyncZod<{ db: TDb }> = async (app, { db }) => {
  const access = { area: 'paymentMethods' } as const;

  app.get(
    '/api/admin/payment-methods',
    { config: { access }, schema: { tags: ['admin'], response: { 200: ZAdminPaymentMethodList } } },
    async () => ({
      paymentMethods: (await db.select().from(paymentMethods).orderBy(asc(paymentMethods.id))).map(toMethod),
    }),
  );

  app.post(
    '/api/admin/payment-methods',
    { config: { access }, schema: { tags: ['admin'], body: ZPaymentMethodInput, response: { 201: ZAdminPaymentMethodResponse } } },
    async (request, reply) => {
      const actor = await requireActor(request);
      const row = await db.transaction(async (tx) => {
        const created = firstOrThrow(
          await tx
            .insert(paymentMethods)
            .values({ ...request.body, isEnabled: true })
            .returning(),
        );
        await writeAudit(tx, {
          actor,
          action: 'payment_method.create',
          targetType: 'payment_method',
          targetId: created.id,
          after: toMethod(created),
          ip: request.ip,
        });
        return created;
      });
      return reply.status(201).send({ paymentMethod: toMethod(row) });
    },
  );

  app.put(
    '/api/admin/payment-methods/:id',
    {
      config: { access },
      schema: { tags: ['admin'], params: ZNumericIdParams, body: ZPaymentMethodInput, response: { 200: ZAdminPaymentMethodResponse } },
    },
    async (request) => {
      const actor = await requireActor(request);
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, request.params.id)).for('update');
        if (!before) throw notFound();
        const after = firstOrThrow(await tx.update(paymentMethods).set(request.body).where(eq(paymentMethods.id, before.id)).returning());
        await writeAudit(tx, {
          actor,
          action: 'payment_method.update',
          targetType: 'payment_method',
          targetId: before.id,
          before: toMethod(before),
          after: toMethod(after),
          ip: request.ip,
        });
        return after;
      });
      return { paymentMethod: toMethod(row) };
    },
  );

  app.patch(
    '/api/admin/payment-methods/:id',
    {
      config: { access },
      schema: { tags: ['admin'], params: ZNumericIdParams, body: ZPaymentMethodToggle, response: { 200: ZAdminPaymentMethodResponse } },
    },
    async (request) => {
      const actor = await requireActor(request);
      const row = await db.transaction(async (tx) => {
        const [after] = await tx
          .update(paymentMethods)
          .set({ isEnabled: request.body.isEnabled })
          .where(eq(paymentMethods.id, request.params.id))
          .returning();
        if (!after) throw notFound();
        await writeAudit(tx, {
          actor,
          action: request.body.isEnabled ? 'payment_method.enable' : 'payment_method.disable',
          targetType: 'payment_method',
          targetId: after.id,
          after: { isEnabled: after.isEnabled },
          ip: request.ip,
        });
        return after;
      });
      return { paymentMethod: toMethod(row) };
    },
  );

  app.delete(
    '/api/admin/payment-methods/:id',
    { config: { access }, schema: { tags: ['admin'], params: ZNumericIdParams, response: { 200: ZOk } } },
    async (request) => {
      const actor = await requireActor(request);
      await db.transaction(async (tx) => {
        const [removed] = await tx.delete(paymentMethods).where(eq(paymentMethods.id, request.params.id)).returning();
        if (!removed) throw notFound();
        await writeAudit(tx, {
          actor,
          action: 'payment_method.delete',
          targetType: 'payment_method',
          targetId: removed.id,
          before: toMethod(removed),
          ip: request.ip,
        });
      });
      return { ok: true as const };
    },
  );
};
