import type { TDbOrTx } from '#server/db/client.js';
import { auditLog } from '#server/db/schema/app.js';

export type TAuditEntry = {
  actor: { id: string; email: string } | null;
  action: string;
  targetType: string;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
};

/** Appends one entry; call it inside the transaction of the change it records. */
export async function writeAudit(db: TDbOrTx, entry: TAuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  });
}
