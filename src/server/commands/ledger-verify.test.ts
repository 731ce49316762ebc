import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '#server/db/client.js';
import { postEntry, type TAccountSpec } from '#server/modules/ledger/service.js';
import { sealAuditLog } from '#server/modules/audit/chain.js';
import { writeAudit } from '#server/lib/audit.js';

/**
 * `npm run ledger:verify` (src/server/commands/ledger-verify.ts, docs/decisions/037) as an operator runs
 * it: on a copy of a data directory of the embedded database, while the original stays in use.
 * (PostgreSQL is read the same way through DATABASE_URL; the chain checks themselves are
 * src/server/modules/ledger/ledger.test.ts, which runs on both databases.)
 */
const root = path.resolve(import.meta.dirname, '../../..');

function verify(dataDir: string, command = 'ledger-verify') {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['scripts/start.mjs', command, '--data-dir', dataDir], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise<{ code: number | null; output: string }>((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

const momo: TAccountSpec = { code: 'asset:momo:1', kind: 'asset', asset: 'GHS', name: 'MTN MoMo' };
const customer: TAccountSpec = { code: 'liability:customer:c1:GHS', kind: 'liability', asset: 'GHS', name: 'A customer (GHS)' };

describe('npm run ledger:verify', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ledger-verify-'));
  const copy = mkdtempSync(path.join(os.tmpdir(), 'ledger-verify-copy-'));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(copy, { recursive: true, force: true });
  });

  it('passes an intact ledger on a copy of a data directory, and names the entry changed behind its back', async () => {
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    for (const amount of ['120.50', '80.00', '5.25']) {
      await database.db.transaction((tx) =>
        postEntry(tx, {
          kind: 'payment_received',
          at: new Date(),
          postings: [
            { account: momo, amount },
            { account: customer, amount: `-${amount}` },
          ],
        }),
      );
    }
    await database.close();
    cpSync(dataDir, copy, { recursive: true });

    const intact = await verify(copy);
    expect(intact.output).toContain('Ledger verified: 3 entries, chain intact to entry 3, every entry balances.');
    expect(intact.code).toBe(0);

    const tampered = await openDatabase({ dataDir: copy });
    await tampered.db.execute(sql`ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only`);
    await tampered.db.execute(sql`UPDATE ledger_entries SET memo = 'edited' WHERE seq = 2`);
    await tampered.close();
    const broken = await verify(copy);
    expect(broken.output).toContain('Ledger NOT verified: 1 problem(s) in 3 entries.');
    expect(broken.output).toContain('entry 2: its hash does not match what it holds: changed after it was written');
    expect(broken.code).toBe(1);
    // Two runs of the command, each building the server first when its sources changed: not a speed test.
  }, 300_000);

  it('npm run audit:verify passes a sealed audit log, counts the rows waiting, and names a row changed behind its back', async () => {
    const auditDir = mkdtempSync(path.join(os.tmpdir(), 'audit-verify-'));
    try {
      const database = await openDatabase({ dataDir: auditDir });
      await migrateDatabase(database);
      for (const action of ['settings.update', 'coin.disable']) {
        await writeAudit(database.db, { actor: { id: 'a-1', email: 'admin@cedicrypto.test' }, action, targetType: 'settings' });
      }
      await sealAuditLog(database.db);
      await writeAudit(database.db, { actor: null, action: 'order.expire', targetType: 'order', targetId: 3 });
      await database.close();

      const intact = await verify(auditDir, 'audit-verify');
      expect(intact.output).toContain('Audit log verified: 2 rows, chain intact to row 2; 1 written since wait to be sealed');
      expect(intact.code).toBe(0);

      const tampered = await openDatabase({ dataDir: auditDir });
      await tampered.db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete`);
      await tampered.db.execute(sql`UPDATE audit_log SET actor_email = 'someone@else.test' WHERE seq = 1`);
      await tampered.close();
      const broken = await verify(auditDir, 'audit-verify');
      expect(broken.output).toContain('Audit log NOT verified: 1 problem(s) in 2 sealed rows');
      expect(broken.output).toContain('row 1: its hash does not match what it holds: changed after it was sealed');
      expect(broken.code).toBe(1);
    } finally {
      rmSync(auditDir, { recursive: true, force: true });
    }
  }, 300_000);
});
