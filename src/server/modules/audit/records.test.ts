import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/app.js';
import { complianceAlerts, complianceCases, complianceNotes } from '#server/db/schema/compliance.js';
import { firstOrThrow, rowsOf } from '#server/db/rows.js';
import { createTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';
import { sealAuditLog, verifyAuditLog } from './chain.js';
import { RECORD_ACTIONS, verifyChainedRecords } from './records.js';

/**
 * The compliance records tied into the audit log's chain (issue 34 point 5, docs/decisions/078):
 * every change through the database leaves the record's digest in the chained audit log, and a
 * change made with the triggers off (as a superuser could) is named. PGlite and PostgreSQL.
 */
describe('compliance records in the audit chain', () => {
  let t: TTestApp;
  let officer: { id: string; cookie: string };
  let alertId: number;
  let caseId: number;
  beforeAll(async () => {
    t = await createTestApp();
    officer = await t.createStaff('compliance');
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  /** A change as someone with the database's superuser would make it: with the triggers off. */
  const withTriggersOff = (statement: ReturnType<typeof sql>) =>
    db().transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(statement);
    });
  const recordRows = (table: string, id: number) =>
    db()
      .select({ action: auditLog.action, after: auditLog.after, before: auditLog.before })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, table), eq(auditLog.targetId, String(id)), inArray(auditLog.action, [...RECORD_ACTIONS])))
      .orderBy(auditLog.id);

  it('records every insert and update of an alert, a case and a note, chained with the rest of the audit log', async () => {
    const customer = await t.signUp({ fullName: 'Yaw Boateng' });
    const alert = firstOrThrow(
      await db()
        .insert(complianceAlerts)
        .values({ userId: customer.id, rule: 'daily_volume', action: 'flag', dedupeKey: `test:${randomUUID()}` })
        .returning(),
    );
    alertId = alert.id;
    const escalated = await t.request({
      method: 'POST',
      url: `/api/admin/compliance/alerts/${alert.id}/escalate`,
      cookie: officer.cookie,
      payload: {},
    });
    expect(escalated.statusCode, escalated.body).toBe(200);
    caseId = escalated.json().case.id as number;
    const noted = await t.request({
      method: 'POST',
      url: `/api/admin/compliance/alerts/${alert.id}/notes`,
      cookie: officer.cookie,
      payload: { body: 'Called the customer: salary, payslip asked for.' },
    });
    expect(noted.statusCode, noted.body).toBe(201);

    const alertRecords = await recordRows('compliance_alerts', alert.id);
    expect(alertRecords.map((row) => row.action)).toEqual(['record.insert', 'record.update']);
    // A digest only: the chain keeps no personal data of the record (retention can still anonymise it).
    expect(alertRecords[1]!.after).toEqual({ digest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(alertRecords[0]!.after).not.toEqual(alertRecords[1]!.after);
    expect((await recordRows('compliance_cases', caseId)).map((row) => row.action)).toEqual(['record.insert']);

    expect(await verifyChainedRecords(db())).toMatchObject({ ok: true, problems: [] });
    const { checked } = await verifyChainedRecords(db());
    expect(checked).toBeGreaterThanOrEqual(3);
    await sealAuditLog(db());
    expect(await verifyAuditLog(db())).toMatchObject({ ok: true, unsealed: 0 });

    // The Audit Log page shows what people did; the digests only when asked for by action.
    const page = async (query: string) => {
      const response = await t.request({
        method: 'GET',
        url: `/api/admin/audit${query}`,
        cookie: await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin'),
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().entries as { action: string }[]).map((entry) => entry.action);
    };
    const shown = await page('');
    expect(shown).toContain('compliance.alert_escalate');
    expect(shown.filter((action) => action.startsWith('record.'))).toEqual([]);
    expect(new Set(await page('?action=record.'))).toEqual(new Set(['record.insert', 'record.update']));
  });

  it('gives the same digests whatever time zone the session reads in', async () => {
    const inTokyo = await db().transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL timezone = 'Asia/Tokyo'`);
      await tx.update(complianceCases).set({ ficReference: null }).where(eq(complianceCases.id, caseId));
      return verifyChainedRecords(tx);
    });
    expect(inTokyo).toMatchObject({ ok: true });
    expect(await verifyChainedRecords(db())).toMatchObject({ ok: true });
  });

  it('names a record changed, added or removed with the triggers off, and accepts a correction the database recorded', async () => {
    const [note] = await db().select().from(complianceNotes).where(eq(complianceNotes.alertId, alertId));
    await withTriggersOff(sql`UPDATE compliance_alerts SET status = 'cleared' WHERE id = ${alertId}`);
    await withTriggersOff(sql`DELETE FROM compliance_notes WHERE id = ${note!.id}`);
    const [{ id: forged } = { id: 0 }] = await db().transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      return rowsOf<{ id: number }>(
        tx,
        sql`INSERT INTO compliance_notes (user_id, alert_id, author_id, body) SELECT user_id, id, 'someone', 'Backdated note' FROM compliance_alerts WHERE id = ${alertId} RETURNING id`,
      );
    });

    const result = await verifyChainedRecords(db());
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      { table: 'compliance_alerts', id: String(alertId), problem: 'differs from its last recorded version: changed with the triggers off' },
      { table: 'compliance_notes', id: String(note!.id), problem: expect.stringContaining('deleted with the triggers off') },
      { table: 'compliance_notes', id: String(forged), problem: 'is not in the audit log: written with the triggers off' },
    ]);

    // Put right through the database (triggers on): the correction is recorded, so the alert verifies again.
    await db().update(complianceAlerts).set({ status: 'escalated' }).where(eq(complianceAlerts.id, alertId));
    expect((await recordRows('compliance_alerts', alertId)).map((row) => row.action)).toEqual([
      'record.insert',
      'record.update',
      'record.update',
    ]);
    expect((await verifyChainedRecords(db())).problems.map((problem) => problem.id)).toEqual([String(note!.id), String(forged)]);
  });
});
