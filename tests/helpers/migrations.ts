import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER, migrateDatabase, type TDatabase } from '#server/db/client.js';
import { openTestDatabase } from './test-app.js';

/**
 * For a migration's test: an empty test database migrated up to and including `lastTag` (a
 * database "of before"), then the test fills it and calls `migrateRest()` to run the newer
 * migrations on it. `close()` drops the database and the copied migrations folder.
 */
export async function openDatabaseMigratedUpTo(lastTag: string) {
  const database: TDatabase = await openTestDatabase({ empty: true });
  const folder = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  await migrateDatabase(database, folder);
  return {
    database,
    migrateRest: () => migrateDatabase(database),
    close: async () => {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
