import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '#server/db/client.js';
import { sanctionsEntries, sanctionsLists } from '#server/db/schema/sanctions.js';

/**
 * `npm run sanctions:load -- FILE` (src/server/commands/sanctions-load.ts, docs/decisions/075) as an
 * operator runs it, on an embedded database's data directory: the shipped copy, then per-coin
 * files of the 0xB10C shape, the newer superseding the older. (Rescreening after a load is
 * src/server/modules/sanctions/sanctions.test.ts, on PGlite and PostgreSQL.)
 */
const root = path.resolve(import.meta.dirname, '../../..');
const SHIPPED = path.join(root, 'src/server/modules/sanctions/lists/ofac-sdn-2024-09-27.json');

function load(dataDir: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['scripts/start.mjs', 'sanctions-load', ...args, '--data-dir', dataDir], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise<{ code: number | null; output: string }>((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('npm run sanctions:load', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sanctions-load-'));
  const files = mkdtempSync(path.join(os.tmpdir(), 'sanctions-files-'));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(files, { recursive: true, force: true });
  });

  it('loads the shipped copy, refuses it twice, and loads per-coin files, a newer one superseding the older', async () => {
    const first = await load(dataDir, SHIPPED);
    expect(first.output).toMatch(
      /Loaded "OFAC SDN list" of 2024-09-27 as list 1 \(SHA-256 [0-9a-f]{64}\): 622 addresses, 6854 names; 0 older list\(s\) superseded\./,
    );
    expect(first.output).toContain('Rescreened 0 customers and 0 open orders');
    expect(first.code).toBe(0);

    const again = await load(dataDir, SHIPPED);
    expect(again.code).toBe(1);
    expect(again.output).toContain('Not loaded: This file is loaded already (list 1');

    const txt = path.join(files, 'sanctioned_addresses_XBT.txt');
    writeFileSync(txt, '12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h\nbc1qx9upga7f09tsetqf78wa3qrmcjar58mkwz6ng6\n');
    const undated = await load(dataDir, txt);
    expect(undated.code).toBe(1);
    expect(undated.output).toContain('needs --date YYYY-MM-DD');
    const coin = await load(dataDir, txt, '--date', '2026-11-27');
    expect(coin.output).toContain('Loaded "OFAC SDN list (XBT)" of 2026-11-27 as list 2');
    expect(coin.output).toContain('2 addresses, 0 names; 0 older list(s) superseded.');
    expect(coin.code).toBe(0);
    writeFileSync(txt, '12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h\n');
    const newer = await load(dataDir, txt, '--date', '2026-11-28');
    expect(newer.output).toContain('Loaded "OFAC SDN list (XBT)" of 2026-11-28 as list 3');
    expect(newer.output).toContain('1 addresses, 0 names; 1 older list(s) superseded.');
    expect(newer.code).toBe(0);

    const database = await openDatabase({ dataDir });
    try {
      await migrateDatabase(database);
      const lists = await database.db.select().from(sanctionsLists).orderBy(asc(sanctionsLists.id));
      // The combined list stays in force; the second XBT file replaced the first.
      expect(lists.map((list) => [list.id, list.name, list.listDate, list.supersededAt !== null])).toEqual([
        [1, 'OFAC SDN list', '2024-09-27', false],
        [2, 'OFAC SDN list (XBT)', '2026-11-27', true],
        [3, 'OFAC SDN list (XBT)', '2026-11-28', false],
      ]);
      const entries = await database.db
        .select()
        .from(sanctionsEntries)
        .where(inArray(sanctionsEntries.listId, [2, 3]));
      expect(entries.map((entry) => [entry.listId, entry.kind, entry.normalized, entry.ref])).toEqual([
        [3, 'address', '12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h', 'XBT'],
      ]);
    } finally {
      await database.close();
    }
  });
});
