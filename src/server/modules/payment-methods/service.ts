import type { FastifyRequest } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { ADMIN_MSG, type TAdminPaymentMethod } from '#shared/contracts/admin.js';
import type { TPaymentMethodPublic } from '#shared/contracts/orders.js';
import type { TDb } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { paymentMethods } from '#server/db/schema/app.js';
import { destinationChanges } from '#server/db/schema/destination-changes.js';
import { writeAudit } from '#server/lib/audit.js';
import { isForeignKeyViolation } from '#server/lib/db-errors.js';
import { AppError } from '#server/lib/errors.js';
import { actorOf, type TActor } from '#server/plugins/access.js';
import type { TDestinationChange, TPaymentMethodRequest } from '#shared/contracts/destination-changes.js';
import { requestDestinationChange, type TDestinationDeps } from '#server/modules/destination-changes/service.js';

type TRow = typeof paymentMethods.$inferSelect;
const toMethod = (row: TRow): TAdminPaymentMethod => ({ id: row.id, name: row.name, isEnabled: row.isEnabled, details: row.details });
const notFound = () => new AppError('NOT_FOUND', ADMIN_MSG.methodNotFound);
const targetType = 'payment_method';

export async function listPaymentMethods(db: TDb): Promise<TAdminPaymentMethod[]> {
  return (await db.select().from(paymentMethods).orderBy(asc(paymentMethods.id))).map(toMethod);
}

/**
 * A new method is a new place buyers pay into (docs/decisions/035): it is stored disabled, and a
 * pending change to offer it waits for a second admin (or the cooling-off period), confirmed with
 * the requester's second factor. Without a valid code nothing is stored.
 */
export async function createPaymentMethod(
  deps: TDestinationDeps,
  request: FastifyRequest,
  input: TPaymentMethodRequest,
): Promise<{ paymentMethod: TAdminPaymentMethod; pendingChange: TDestinationChange }> {
  const { code, ...method } = input;
  const actor = actorOf(request);
  let created: TAdminPaymentMethod | undefined;
  const pendingChange = await requestDestinationChange(deps, request, {
    kind: 'payment_method',
    targetId: null,
    targetLabel: method.name,
    before: null,
    after: { ...method, isEnabled: true },
    code,
    create: async (tx) => {
      created = toMethod(
        firstOrThrow(
          await tx
            .insert(paymentMethods)
            .values({ ...method, isEnabled: false })
            .returning(),
        ),
      );
      await writeAudit(tx, { actor, action: 'payment_method.create', targetType, targetId: created.id, after: created, ip: request.ip });
      return String(created.id);
    },
  });
  return { paymentMethod: created!, pendingChange };
}

/** The same account, whatever the order of its fields. */
function sameDetails(a: TRow['details'], b: TRow['details']): boolean {
  const canonical = (value: object) => JSON.stringify(Object.fromEntries(Object.entries(value).sort(([x], [y]) => x.localeCompare(y))));
  return canonical(a) === canonical(b);
}

/**
 * An edit of a method. Its name alone changes at once; a change of its account (number, account
 * name, bank, provider) is where buyers pay, so it waits for a second admin (issue 27 point 3,
 * docs/decisions/030): the method stays as it is and the pending change is returned.
 */
export async function updatePaymentMethod(
  deps: TDestinationDeps,
  request: FastifyRequest,
  id: number,
  input: TPaymentMethodRequest,
): Promise<{ paymentMethod: TAdminPaymentMethod; pendingChange: TDestinationChange | null }> {
  const { code, ...method } = input;
  const actor = actorOf(request);
  const [current] = await deps.db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  if (!current) throw notFound();
  if (!sameDetails(current.details, method.details)) {
    const pendingChange = await requestDestinationChange(deps, request, {
      kind: 'payment_method',
      targetId: String(current.id),
      targetLabel: current.name,
      before: { name: current.name, details: current.details },
      after: method,
      code,
    });
    return { paymentMethod: toMethod(current), pendingChange };
  }
  const paymentMethod = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, id)).for('update');
    if (!before) throw notFound();
    const after = toMethod(
      firstOrThrow(
        await tx
          .update(paymentMethods)
          .set({ name: method.name })
          .where(and(eq(paymentMethods.id, before.id), sql`${paymentMethods.details} = ${JSON.stringify(before.details)}::jsonb`))
          .returning(),
      ),
    );
    await writeAudit(tx, {
      actor,
      action: 'payment_method.update',
      targetType,
      targetId: before.id,
      before: toMethod(before),
      after,
      ip: request.ip,
    });
    return after;
  });
  return { paymentMethod, pendingChange: null };
}

/**
 * Turning a method off is a safety action and applies at once. Turning a disabled one back on
 * offers buyers an account again, so it waits for a second admin like a new method
 * (docs/decisions/035), with the requester's second factor.
 */
export async function setPaymentMethodEnabled(
  deps: TDestinationDeps,
  request: FastifyRequest,
  id: number,
  input: { isEnabled: boolean; code?: string | undefined },
): Promise<{ paymentMethod: TAdminPaymentMethod; pendingChange: TDestinationChange | null }> {
  const { isEnabled, code } = input;
  const actor = actorOf(request);
  const [current] = await deps.db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  if (!current) throw notFound();
  if (isEnabled) {
    if (current.isEnabled) return { paymentMethod: toMethod(current), pendingChange: null };
    const pendingChange = await requestDestinationChange(deps, request, {
      kind: 'payment_method',
      targetId: String(current.id),
      targetLabel: current.name,
      before: { name: current.name, details: current.details, isEnabled: false },
      after: { name: current.name, details: current.details, isEnabled: true },
      code,
    });
    return { paymentMethod: toMethod(current), pendingChange };
  }
  const paymentMethod = await disableMethod(deps.db, actor, id, request.ip);
  return { paymentMethod, pendingChange: null };
}

async function disableMethod(db: TDb, actor: TActor, id: number, ip: string): Promise<TAdminPaymentMethod> {
  const isEnabled = false;
  return db.transaction(async (tx) => {
    const [after] = await tx.update(paymentMethods).set({ isEnabled }).where(eq(paymentMethods.id, id)).returning();
    if (!after) throw notFound();
    await writeAudit(tx, {
      actor,
      action: isEnabled ? 'payment_method.enable' : 'payment_method.disable',
      targetType,
      targetId: after.id,
      after: { isEnabled: after.isEnabled },
      ip,
    });
    return toMethod(after);
  });
}

export async function deletePaymentMethod(db: TDb, actor: TActor, id: number, ip: string): Promise<void> {
  // Statements and SMS forwarder phones of the account keep it (ON DELETE RESTRICT): said in words.
  await deleteMethod(db, actor, id, ip).catch((error: unknown) => {
    throw isForeignKeyViolation(error) ? new AppError('PAYMENT_METHOD_IN_USE', ADMIN_MSG.methodInUse) : error;
  });
}

async function deleteMethod(db: TDb, actor: TActor, id: number, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(paymentMethods).where(eq(paymentMethods.id, id)).returning();
    if (!removed) throw notFound();
    // A change waiting for a deleted method has nothing left to apply to.
    await tx
      .update(destinationChanges)
      .set({ status: 'cancelled', decidedBy: actor.id, decidedAt: new Date() })
      .where(
        and(
          eq(destinationChanges.kind, 'payment_method'),
          eq(destinationChanges.targetId, String(id)),
          eq(destinationChanges.status, 'pending'),
        ),
      );
    await writeAudit(tx, { actor, action: 'payment_method.delete', targetType, targetId: removed.id, before: toMethod(removed), ip });
  });
}

/** The payment methods a buyer may pay with now. */
export async function listEnabledPaymentMethods(db: TDb): Promise<TPaymentMethodPublic[]> {
  const rows = await db.select().from(paymentMethods).where(eq(paymentMethods.isEnabled, true)).orderBy(asc(paymentMethods.id));
  return rows.map((m) => ({ id: m.id, name: m.name, details: m.details }));
}
