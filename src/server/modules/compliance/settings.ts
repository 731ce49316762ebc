import { eq } from 'drizzle-orm';
import { MONITORING_SETTINGS, type TMonitoringValues } from '#shared/compliance-rules/index.js';
import type { TComplianceSettings, TComplianceSettingsUpdate } from '#shared/contracts/compliance.js';
import type { TDb } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { settings } from '#server/db/schema/app.js';
import { writeAudit } from '#server/lib/audit.js';
import type { TStaffCall } from './desk-reads.js';
import { ruleActionsOf } from './monitoring.js';

/** The monitoring settings (docs/decisions/017): read by the desk, changed by the super admin only, audited. */

type TSettingsRow = typeof settings.$inferSelect;

function toComplianceSettings(row: TSettingsRow): TComplianceSettings {
  const thresholds = Object.fromEntries(MONITORING_SETTINGS.map((setting) => [setting.key, row[setting.key]])) as TMonitoringValues;
  return { ...thresholds, ruleActions: ruleActionsOf(row.ruleActions), retentionYears: row.retentionYears };
}

export async function getComplianceSettings(db: TDb): Promise<TComplianceSettings> {
  await db.insert(settings).values({ id: 1 }).onConflictDoNothing();
  return toComplianceSettings(firstOrThrow(await db.select().from(settings).where(eq(settings.id, 1))));
}

/** Thresholds, rule actions and the retention period (super admin only), audited with before and after. */
export async function updateComplianceSettings(db: TDb, call: TStaffCall, update: TComplianceSettingsUpdate): Promise<TComplianceSettings> {
  const row = await db.transaction(async (tx) => {
    await tx.insert(settings).values({ id: 1 }).onConflictDoNothing();
    const before = toComplianceSettings(firstOrThrow(await tx.select().from(settings).where(eq(settings.id, 1)).for('update')));
    const after = firstOrThrow(
      await tx
        .update(settings)
        .set({ ...update, updatedAt: new Date() })
        .where(eq(settings.id, 1))
        .returning(),
    );
    await writeAudit(tx, {
      actor: call.actor,
      action: 'compliance.settings_update',
      targetType: 'settings',
      targetId: 1,
      before,
      after: toComplianceSettings(after),
      ip: call.ip,
    });
    return after;
  });
  return toComplianceSettings(row);
}
