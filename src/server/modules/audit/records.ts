import { sql } from 'drizzle-orm';
import type { TDbOrTx } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';

/**
 * The compliance records in the audit log's chain (issue 34 point 5, docs/decisions/078). A
 * trigger on each table below writes an audit row with the record's digest whenever one is
 * inserted, updated or deleted (migration 0045); the audit sealer chains those rows like any other
 * (chain.ts). This check compares every record's digest now with the last one the audit log
 * holds for it: a record changed, added or removed with the triggers off (a superuser's
 * `session_replication_role = replica`, a restored and edited backup) no longer matches, and the
 * chain keeps the digests themselves from being rewritten.
 */
export const CHAINED_RECORD_TABLES = ['compliance_alerts', 'compliance_cases', 'compliance_notes'] as const;
export type TChainedRecordTable = (typeof CHAINED_RECORD_TABLES)[number];

/** The audit actions the triggers (and the migration's baseline) write. */
export const RECORD_ACTIONS = ['record.baseline', 'record.insert', 'record.update', 'record.delete'] as const;

export type TRecordProblem = { table: TChainedRecordTable; id: string; problem: string };

const PROBLEMS = {
  unrecorded: 'is not in the audit log: written with the triggers off',
  changed: 'differs from its last recorded version: changed with the triggers off',
  removed: 'is gone but the audit log never recorded its removal: deleted with the triggers off',
} as const;

/** Each table's records as they are now, with their digests (the migration's SQL function, in UTC whatever the session's zone). */
function currentDigests(table: TChainedRecordTable) {
  return sql`SELECT ${table}::text AS target_type, r.id::text AS target_id, compliance_record_digest(r) AS digest FROM ${sql.identifier(table)} r`;
}

/**
 * Records whose digest now is not the last one recorded, in constant memory on the database's
 * side (one statement per table, only the mismatches come back). `checked` counts the records
 * that exist now.
 */
export async function verifyChainedRecords(db: TDbOrTx): Promise<{ checked: number; ok: boolean; problems: TRecordProblem[] }> {
  const problems: TRecordProblem[] = [];
  let checked = 0;
  for (const table of CHAINED_RECORD_TABLES) {
    const mismatches = await rowsOf<{ target_id: string; now_digest: string | null; recorded: string | null; last_action: string | null }>(
      db,
      sql`
      WITH latest AS (
        SELECT DISTINCT ON (target_id) target_id, action, coalesce(after ->> 'digest', before ->> 'digest') AS digest
        FROM audit_log
        WHERE target_type = ${table} AND action IN (${sql.join(
          RECORD_ACTIONS.map((action) => sql`${action}`),
          sql`, `,
        )})
        ORDER BY target_id, id DESC
      ),
      current AS (${currentDigests(table)})
      SELECT coalesce(c.target_id, l.target_id) AS target_id, c.digest AS now_digest, l.digest AS recorded, l.action AS last_action
      FROM current c FULL JOIN latest l ON l.target_id = c.target_id
      WHERE c.digest IS NULL OR l.digest IS NULL OR c.digest IS DISTINCT FROM l.digest OR l.action = 'record.delete'
    `,
    );
    const [count] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
    checked += Number(count?.n ?? 0);
    for (const row of mismatches) {
      const deleted = row.last_action === 'record.delete';
      if (row.now_digest === null && deleted) continue; // removed, and recorded as such
      const problem =
        row.recorded === null || deleted ? PROBLEMS.unrecorded : row.now_digest === null ? PROBLEMS.removed : PROBLEMS.changed;
      problems.push({ table, id: row.target_id, problem });
    }
  }
  problems.sort((a, b) => a.table.localeCompare(b.table) || Number(a.id) - Number(b.id));
  return { checked, ok: problems.length === 0, problems };
}
