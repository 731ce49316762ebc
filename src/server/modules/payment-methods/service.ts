import { asc, eq } from 'drizzle-orm';
import { ADMIN_MSG, type TAdminPaymentMethod, type TPaymentMethodInput } from '#shared/contracts/admin.js';
import type { TDb } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { paymentMethods } from '#server/db/schema/app.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import type { TActor } from '#server/plugins/access.js';

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

export async function updatePaymentMethod(
  db: TDb,
  actor: TActor,
  id: number,
  input: TPaymentMethodInput,
  ip: string,
): Promise<TAdminPaymentMethod> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, id)).for('update');
    if (!before) throw notFound();
    const after = toMethod(firstOrThrow(await tx.update(paymentMethods).set(input).where(eq(paymentMethods.id, before.id)).returning()));
    await writeAudit(tx, { actor, action: 'payment_method.update', targetType, targetId: before.id, before: toMethod(before), after, ip });
    return after;
  });
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
