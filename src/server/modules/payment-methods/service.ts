import type { FastifyRequest } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { ADMIN_MSG, type TAdminPaymentMethod, type TPaymentMethodInput } from '#shared/contracts/admin.js';
import type { TDb } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { paymentMethods } from '#server/db/schema/app.js';
import { writeAudit } from '#server/lib/audit.js';
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

/** A new method is offered to buyers at once. */
export async function createPaymentMethod(db: TDb, actor: TActor, input: TPaymentMethodInput, ip: string): Promise<TAdminPaymentMethod> {
  return db.transaction(async (tx) => {
    const created = toMethod(
      firstOrThrow(
        await tx
          .insert(paymentMethods)
          .values({ ...input, isEnabled: true })
          .returning(),
      ),
    );
    await writeAudit(tx, { actor, action: 'payment_method.create', targetType, targetId: created.id, after: created, ip });
    return created;
  });
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

export async function setPaymentMethodEnabled(
  db: TDb,
  actor: TActor,
  id: number,
  isEnabled: boolean,
  ip: string,
): Promise<TAdminPaymentMethod> {
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
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(paymentMethods).where(eq(paymentMethods.id, id)).returning();
    if (!removed) throw notFound();
    await writeAudit(tx, { actor, action: 'payment_method.delete', targetType, targetId: removed.id, before: toMethod(removed), ip });
  });
}
