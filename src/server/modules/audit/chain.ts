import { asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TDb, TDbOrTx } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { auditChainHead, auditLog } from '#server/db/schema/app.js';
import { chainHash, GENESIS_HASH } from '#server/lib/hash-chain.js';

/**
 * The audit log's hash chain (issue 34 point 5, docs/decisions/073), on the ledger's mechanism
 * (lib/hash-chain.ts). Rows are written as they always were, in the transaction of the change they
 * record, and sealed afterwards by `sealAuditLog` (the `audit_seal` job): each unsealed row, in the
 * order of its id, gets the next sequence number, the hash before it and its own hash, and the head
 * moves on. Sealing after the fact keeps the chain's lock out of every staff action's transaction;
 * a row whose transaction commits after a later row was sealed is simply sealed next. The database
 * lets a row be sealed once and refuses every other change (migration 0042).
 */

type TAuditRow = typeof auditLog.$inferSelect;

/** Rows sealed per transaction: one statement updates them all. */
const SEAL_BATCH = 500;

/** What a row's hash covers: every field it was written with, and its place in the chain. */
function rowBody(row: TAuditRow, seq: number): unknown[] {
  return [
    seq,
    row.id,
    row.actorId,
    row.actorEmail,
    row.action,
    row.targetType,
    row.targetId,
    row.before,
    row.after,
    row.ip,
    // Milliseconds, as JavaScript reads the column back (PostgreSQL keeps microseconds).
    row.createdAt.toISOString(),
  ];
}

/** Seals the rows not sealed yet, a batch per transaction; answers how many. */
export async function sealAuditLog(db: TDb): Promise<number> {
  let total = 0;
  for (;;) {
    const sealed = await db.transaction(async (tx) => {
      // The head's lock makes sealers take turns (the job runs one at a time across processes; a test or command may too).
      const head = firstOrThrow(await tx.select().from(auditChainHead).where(eq(auditChainHead.id, 1)).for('update'));
      const rows = await tx.select().from(auditLog).where(isNull(auditLog.hash)).orderBy(asc(auditLog.id)).limit(SEAL_BATCH);
      if (rows.length === 0) return 0;
      let prevHash = head.hash;
      const links = rows.map((row, index) => {
        const seq = head.seq + 1 + index;
        const hash = chainHash(prevHash, rowBody(row, seq));
        const link = sql`(${row.id}::bigint, ${seq}::bigint, ${prevHash}::text, ${hash}::text)`;
        prevHash = hash;
        return link;
      });
      await tx.execute(sql`UPDATE ${auditLog} SET seq = sealed.seq, prev_hash = sealed.prev_hash, hash = sealed.hash
        FROM (VALUES ${sql.join(links, sql`, `)}) AS sealed(id, seq, prev_hash, hash) WHERE ${auditLog.id} = sealed.id`);
      await tx
        .update(auditChainHead)
        .set({ seq: head.seq + rows.length, hash: prevHash })
        .where(eq(auditChainHead.id, 1));
      return rows.length;
    });
    total += sealed;
    if (sealed < SEAL_BATCH) return total;
  }
}

export type TAuditChainProblem = { seq: number | null; problem: string };

/**
 * Walks the chain from its first row: each sealed row's number follows the one before, its
 * `prev_hash` is the hash before it and its hash is what its fields give now; the head names the
 * last row. Rows not sealed yet are counted (the sealer runs every AUDIT_SEAL_INTERVAL_MS), with
 * the oldest one's time. Reads in pages, in constant memory.
 */
export async function verifyAuditLog(db: TDbOrTx, options: { pageSize?: number } = {}) {
  const pageSize = options.pageSize ?? 2000;
  const problems: TAuditChainProblem[] = [];
  let prevHash = GENESIS_HASH;
  let lastSeq = 0;
  let rows = 0;
  for (;;) {
    const page = await db.select().from(auditLog).where(gt(auditLog.seq, lastSeq)).orderBy(asc(auditLog.seq)).limit(pageSize);
    if (page.length === 0) break;
    for (const row of page) {
      const seq = row.seq!;
      rows += 1;
      if (seq !== lastSeq + 1) problems.push({ seq, problem: `follows row ${lastSeq}: rows are missing` });
      if (row.prevHash !== prevHash) problems.push({ seq, problem: 'its previous hash is not the hash of the row before it' });
      if (chainHash(row.prevHash!, rowBody(row, seq)) !== row.hash)
        problems.push({ seq, problem: 'its hash does not match what it holds: changed after it was sealed' });
      prevHash = row.hash!;
      lastSeq = seq;
    }
  }
  const [head] = await db.select().from(auditChainHead).where(eq(auditChainHead.id, 1));
  if (!head) problems.push({ seq: null, problem: 'the head row is missing' });
  else if (head.seq !== lastSeq || head.hash !== prevHash)
    problems.push({ seq: null, problem: `the head names row ${head.seq}, the chain ends at ${lastSeq}` });
  const [unsealed] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${auditLog.createdAt})::text` })
    .from(auditLog)
    .where(isNull(auditLog.hash));
  return {
    rows,
    lastSeq,
    unsealed: unsealed?.count ?? 0,
    oldestUnsealedAt: unsealed?.oldest ?? null,
    ok: problems.length === 0,
    problems,
  };
}
