import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '#server/db/client.js';
import { auditChainHead, auditLog } from '#server/db/schema/app.js';
import { writeAudit } from '#server/lib/audit.js';
import { canonicalJson, chainHash, GENESIS_HASH } from '#server/lib/hash-chain.js';
import { createTestApp, openTestDatabase, type TTestApp } from '#test/helpers/test-app.js';
import { sealAuditLog, verifyAuditLog } from './chain.js';

const admin = { id: 'admin-1', email: 'admin@cedicrypto.test' };

/** Changes a stored row as someone with the database's superuser would, past the append-only trigger. */
async function tamper(database: TDatabase, statement: ReturnType<typeof sql>) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(statement);
  });
}

/** The audit log's hash chain (issue 34 point 5, docs/decisions/073), on PGlite and PostgreSQL. */
describe('the audit log hash chain', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('seals new rows in order after the head, once, and verifies them', async () => {
    await writeAudit(database.db, {
      actor: admin,
      action: 'settings.update',
      targetType: 'settings',
      before: { fee: '2.5' },
      after: { fee: '3' },
    });
    await writeAudit(database.db, { actor: admin, action: 'coin.disable', targetType: 'coin', targetId: 4, ip: '10.0.0.1' });
    expect(await verifyAuditLog(database.db)).toMatchObject({ ok: true, rows: 0, unsealed: 2 });

    expect(await sealAuditLog(database.db)).toBe(2);
    expect(await sealAuditLog(database.db)).toBe(0);
    const rows = await database.db.select().from(auditLog).orderBy(asc(auditLog.seq));
    expect(rows.map((row) => [row.seq, row.action])).toEqual([
      [1, 'settings.update'],
      [2, 'coin.disable'],
    ]);
    expect(rows[0]!.prevHash).toBe(GENESIS_HASH);
    expect(rows[1]!.prevHash).toBe(rows[0]!.hash);
    const [head] = await database.db.select().from(auditChainHead);
    expect(head).toEqual({ id: 1, seq: 2, hash: rows[1]!.hash });

    await writeAudit(database.db, { actor: null, action: 'order.expire', targetType: 'order', targetId: 12 });
    expect(await sealAuditLog(database.db)).toBe(1);
    expect(await verifyAuditLog(database.db)).toMatchObject({ ok: true, rows: 3, lastSeq: 3, unsealed: 0, problems: [] });
  });

  it('is refused by the database: a sealed row changed or sealed again, a row sealed with another field, a delete', async () => {
    const [sealed] = await database.db.select().from(auditLog).where(eq(auditLog.seq, 1));
    await expect(database.db.update(auditLog).set({ action: 'settings.view' }).where(eq(auditLog.id, sealed!.id))).rejects.toThrow();
    await expect(
      database.db
        .update(auditLog)
        .set({ hash: 'f'.repeat(64) })
        .where(eq(auditLog.id, sealed!.id)),
    ).rejects.toThrow();
    await expect(database.db.delete(auditLog).where(eq(auditLog.id, sealed!.id))).rejects.toThrow();
    await writeAudit(database.db, { actor: admin, action: 'staff.invite', targetType: 'user', targetId: 'u-9' });
    const [open] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.invite'));
    await expect(
      database.db
        .update(auditLog)
        .set({ seq: 99, prevHash: 'a'.repeat(64), hash: 'b'.repeat(64), actorEmail: 'someone@else.test' })
        .where(eq(auditLog.id, open!.id)),
    ).rejects.toThrow();
    // Half a seal breaks the CHECK even past the trigger.
    await expect(tamper(database, sql`UPDATE audit_log SET hash = ${'c'.repeat(64)} WHERE id = ${open!.id}`)).rejects.toThrow();
    expect(await sealAuditLog(database.db)).toBe(1);
    expect((await verifyAuditLog(database.db)).ok).toBe(true);
  });

  it('names a row edited, a row removed and a head moved behind its back', async () => {
    const [second] = await database.db.select().from(auditLog).where(eq(auditLog.seq, 2));
    await tamper(database, sql`UPDATE audit_log SET after = '{"enabled":true}'::jsonb WHERE id = ${second!.id}`);
    let result = await verifyAuditLog(database.db);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([{ seq: 2, problem: 'its hash does not match what it holds: changed after it was sealed' }]);

    await tamper(database, sql`DELETE FROM audit_log WHERE id = ${second!.id}`);
    result = await verifyAuditLog(database.db);
    expect(result.problems).toEqual([
      { seq: 3, problem: 'follows row 1: rows are missing' },
      { seq: 3, problem: 'its previous hash is not the hash of the row before it' },
    ]);

    await tamper(database, sql`UPDATE audit_chain_head SET seq = 2`);
    result = await verifyAuditLog(database.db);
    expect(result.problems).toContainEqual({ seq: null, problem: 'the head names row 2, the chain ends at 4' });
  });
});

describe('one hash chain for the ledger and the audit log', () => {
  it('hashes an array as JSON.stringify wrote it when the ledger began, and objects with sorted keys', () => {
    const body = [7, 'payment_received', 12, null, 'Order #12', 'admin-1', '2026-11-28T10:00:00.000Z', [['asset:momo:1', 'GHS', '120.5']]];
    const before = createHash('sha256').update(GENESIS_HASH).update('\n').update(JSON.stringify(body)).digest('hex');
    expect(chainHash(GENESIS_HASH, body)).toBe(before);
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}');
  });
});

describe('the audit_seal job', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('seals what the app wrote', async () => {
    await writeAudit(t.database.db, { actor: admin, action: 'payment_method.update', targetType: 'payment_method', targetId: 1 });
    await t.app.auditSeal.runOnce({ rethrow: true });
    const result = await verifyAuditLog(t.database.db);
    expect(result).toMatchObject({ ok: true, unsealed: 0 });
    expect(result.rows).toBeGreaterThan(0);
  });
});
