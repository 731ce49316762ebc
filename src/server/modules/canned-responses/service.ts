import { asc, eq } from 'drizzle-orm';
import { ADMIN_MSG, type TCannedResponse, type TCannedResponseInput } from '#shared/contracts/admin.js';
import type { TDb } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { cannedResponses } from '#server/db/schema/app.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import type { TActor } from '#server/plugins/access.js';

const toResponse = (row: typeof cannedResponses.$inferSelect): TCannedResponse => ({ id: row.id, title: row.title, message: row.message });
const notFound = () => new AppError('NOT_FOUND', ADMIN_MSG.responseNotFound);

/** Every canned response by title: the back-office list, and the quick replies of live chat. */
export async function listCannedResponses(db: TDb): Promise<TCannedResponse[]> {
  return (await db.select().from(cannedResponses).orderBy(asc(cannedResponses.title))).map(toResponse);
}

export async function createCannedResponse(db: TDb, actor: TActor, input: TCannedResponseInput, ip: string): Promise<TCannedResponse> {
  return db.transaction(async (tx) => {
    const created = toResponse(firstOrThrow(await tx.insert(cannedResponses).values(input).returning()));
    await writeAudit(tx, {
      actor,
      action: 'canned_response.create',
      targetType: 'canned_response',
      targetId: created.id,
      after: created,
      ip,
    });
    return created;
  });
}

export async function updateCannedResponse(
  db: TDb,
  actor: TActor,
  id: number,
  input: TCannedResponseInput,
  ip: string,
): Promise<TCannedResponse> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(cannedResponses).where(eq(cannedResponses.id, id)).for('update');
    if (!before) throw notFound();
    const after = toResponse(
      firstOrThrow(await tx.update(cannedResponses).set(input).where(eq(cannedResponses.id, before.id)).returning()),
    );
    await writeAudit(tx, {
      actor,
      action: 'canned_response.update',
      targetType: 'canned_response',
      targetId: before.id,
      before: toResponse(before),
      after,
      ip,
    });
    return after;
  });
}

export async function deleteCannedResponse(db: TDb, actor: TActor, id: number, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(cannedResponses).where(eq(cannedResponses.id, id)).returning();
    if (!removed) throw notFound();
    await writeAudit(tx, {
      actor,
      action: 'canned_response.delete',
      targetType: 'canned_response',
      targetId: removed.id,
      before: toResponse(removed),
      ip,
    });
  });
}
