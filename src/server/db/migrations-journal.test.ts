import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './client.js';

/**
 * The migrations' journal as the migrator reads it. Drizzle applies a migration only when its
 * `when` is later than the last applied one's: a migration merged with an older timestamp than
 * the one before it is skipped on every database that already ran that one (a branch generated
 * earlier, renumbered at merge). So: numbers in order, times strictly increasing, each SQL file
 * present, and each snapshot following the one before (the base of the next `db:generate`).
 */
type TJournal = { entries: { idx: number; when: number; tag: string }[] };

describe('the migrations journal', () => {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as TJournal;

  it('numbers the migrations in order, with times that only increase, and each file present', () => {
    const problems: string[] = [];
    journal.entries.forEach((entry, index) => {
      if (entry.idx !== index) problems.push(`${entry.tag}: idx ${entry.idx}, expected ${index}`);
      if (!entry.tag.startsWith(`${String(index).padStart(4, '0')}_`)) problems.push(`${entry.tag}: tag does not start with ${index}`);
      const before = journal.entries[index - 1];
      if (before && entry.when <= before.when)
        problems.push(`${entry.tag}: when ${entry.when} is not after ${before.tag}'s ${before.when}`);
      if (!existsSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`))) problems.push(`${entry.tag}.sql is missing`);
    });
    expect(problems).toEqual([]);
  });

  it('chains the snapshots: each one names the one before it', () => {
    const problems: string[] = [];
    let previousId: string | null = null;
    for (const entry of journal.entries) {
      const file = path.join(MIGRATIONS_FOLDER, 'meta', `${String(entry.idx).padStart(4, '0')}_snapshot.json`);
      if (!existsSync(file)) {
        problems.push(`${entry.tag}: no snapshot`);
        continue;
      }
      const snapshot = JSON.parse(readFileSync(file, 'utf8')) as { id: string; prevId: string };
      if (previousId !== null && snapshot.prevId !== previousId)
        problems.push(`${entry.tag}: snapshot's prevId is not the previous snapshot's id`);
      previousId = snapshot.id;
    }
    expect(problems).toEqual([]);
  });
});
