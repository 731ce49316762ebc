import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyChainedRecords } from '#server/modules/audit/records.js';
import { openDatabaseMigratedUpTo } from '#test/helpers/migrations.js';

/** The migration that ties the compliance records into the audit chain (docs/decisions/078). */
const MIGRATION = '0045_compliance_records';

/**
 * On a database of before: the alerts, cases and notes already there get one 'record.baseline'
 * digest each, so the check holds from the first day, and a change after the migration is recorded.
 */
describe(`migration ${MIGRATION} (compliance records in the audit chain)`, () => {
  let opened: Awaited<ReturnType<typeof openDatabaseMigratedUpTo>>;
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await opened.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    opened = await openDatabaseMigratedUpTo({ before: MIGRATION });
    await opened.database.db.execute(
      sql`INSERT INTO users (id, name, email) VALUES ('legacy-user', 'Legacy Customer', 'legacy@example.com')`,
    );
    await opened.database.db.execute(sql`
      INSERT INTO compliance_alerts (user_id, rule, action, status, details, dedupe_key)
      VALUES ('legacy-user', 'large_order', 'hold', 'escalated', '{"amountGhs": "90000"}', 'legacy:1'),
             ('legacy-user', 'daily_volume', 'flag', 'cleared', '{}', 'legacy:2')`);
    await opened.database.db.execute(sql`
      INSERT INTO compliance_cases (user_id, status, opened_by, due_at) VALUES ('legacy-user', 'open', 'officer', now() + interval '1 day')`);
    await opened.database.db.execute(sql`
      INSERT INTO compliance_notes (user_id, alert_id, author_id, body) VALUES ('legacy-user', 1, 'officer', 'Asked for a payslip.')`);
  });
  afterAll(async () => {
    await opened.close();
  });

  it('records a baseline digest of every record there, then each change', async () => {
    await opened.migrateRest();
    const baseline = await rows<{ target_type: string; target_id: string }>(
      sql`SELECT target_type, target_id FROM audit_log WHERE action = 'record.baseline' ORDER BY id`,
    );
    expect(baseline).toEqual([
      { target_type: 'compliance_alerts', target_id: '1' },
      { target_type: 'compliance_alerts', target_id: '2' },
      { target_type: 'compliance_cases', target_id: '1' },
      { target_type: 'compliance_notes', target_id: '1' },
    ]);
    expect(await verifyChainedRecords(opened.database.db)).toEqual({ checked: 4, ok: true, problems: [] });

    await opened.database.db.execute(sql`UPDATE compliance_alerts SET details = '{}' WHERE id = 1`);
    const [last] = await rows<{ action: string; target_id: string }>(sql`SELECT action, target_id FROM audit_log ORDER BY id DESC LIMIT 1`);
    expect(last).toEqual({ action: 'record.update', target_id: '1' });
    expect(await verifyChainedRecords(opened.database.db)).toMatchObject({ ok: true });
  });
});
