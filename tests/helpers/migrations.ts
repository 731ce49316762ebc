import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER, migrateDatabase, type TDatabase } from '#server/db/client.js';
import { openTestDatabase } from './test-app.js';

/**
 * For a migration's test: an empty test database migrated up to and including `lastTag`, or up
 * to the one before `{ before }` (a
 * database "of before"), then the test fills it and calls `migrateRest()` to run the newer
 * migrations on it (or some of them). `close()` drops the database and the copied migrations folder.
 */
export async function openDatabaseMigratedUpTo(lastTag: string | { before: string }) {
  const database: TDatabase = await openTestDatabase({ empty: true });
  const folder = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  /** The migrations folder with its journal cut after entry `index` (the others are not run). */
  const journalUpTo = (pick: (tags: string[]) => number) => {
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const last = pick(journal.entries.map((entry) => entry.tag));
    journal.entries = journal.entries.slice(0, last + 1);
    writeFileSync(journalFile, JSON.stringify(journal));
    return folder;
  };
  const indexOf = (tags: string[], tag: string) => {
    const index = tags.indexOf(tag);
    if (index < 0) throw new Error(`no migration ${tag}`);
    return index;
  };
  await migrateDatabase(
    database,
    journalUpTo((tags) => (typeof lastTag === 'string' ? indexOf(tags, lastTag) : indexOf(tags, lastTag.before) - 1)),
  );
  return {
    database,
    /**
     * The newer migrations; with `before`, only those older than that one (a test of what an old
     * migration did, when a later one changes it on purpose).
     */
    migrateRest: (options: { before?: string } = {}) =>
      options.before === undefined
        ? migrateDatabase(database)
        : migrateDatabase(
            database,
            journalUpTo((tags) => indexOf(tags, options.before as string) - 1),
          ),
    close: async () => {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
