import { asc, desc, eq, inArray } from 'drizzle-orm';
import { COMPLIANCE_MSG, type TAlert, type TComplianceCase, type TComplianceNote } from '#shared/contracts/compliance.js';
import type { TKycStatus } from '#shared/contracts/account.js';
import type { TDb, TTx } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { users } from '#server/db/schema/auth.js';
import { complianceAlerts, complianceCases, complianceNotes } from '#server/db/schema/compliance.js';
import { kycSubmissions } from '#server/db/schema/kyc.js';
import { AppError } from '#server/lib/errors.js';
import type { TActor } from '#server/plugins/access.js';

/**
 * What the compliance desk's parts share (docs/decisions/017-compliance-desk.md): an alert, a case,
 * the notes, documents and profile of a customer as the desk reads them, and a note's insert.
 * Nothing here reaches the customer.
 */

export type TComplianceDeps = { db: TDb; now?: () => Date };
export type TStaffCall = { actor: TActor; ip: string };

export const nowOf = (deps: TComplianceDeps) => deps.now?.() ?? new Date();
export const iso = (date: Date | null) => date?.toISOString() ?? null;
export const alertNotFound = () => new AppError('NOT_FOUND', COMPLIANCE_MSG.alertNotFound);
export const caseNotFound = () => new AppError('NOT_FOUND', COMPLIANCE_MSG.caseNotFound);

type TAlertRow = typeof complianceAlerts.$inferSelect;
type TCaseRow = typeof complianceCases.$inferSelect;

export const alertColumns = { alert: complianceAlerts, customerName: users.fullName, customerEmail: users.email };

export function toAlert(row: { alert: TAlertRow; customerName: string; customerEmail: string }): TAlert {
  const { alert } = row;
  return {
    id: alert.id,
    rule: alert.rule,
    action: alert.action,
    status: alert.status,
    details: alert.details,
    orderId: alert.orderId,
    caseId: alert.caseId,
    userId: alert.userId,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    createdAt: alert.createdAt.toISOString(),
    decidedAt: iso(alert.decidedAt),
    releasedAt: iso(alert.releasedAt),
  };
}

export async function readAlert(db: TDb | TTx, id: number): Promise<TAlert> {
  const [row] = await db
    .select(alertColumns)
    .from(complianceAlerts)
    .innerJoin(users, eq(users.id, complianceAlerts.userId))
    .where(eq(complianceAlerts.id, id));
  if (!row) throw alertNotFound();
  return toAlert(row);
}

/** The ids of each case's alerts, oldest first. */
export async function alertIdsOf(db: TDb | TTx, caseIds: number[]): Promise<Map<number, number[]>> {
  const byCase = new Map<number, number[]>();
  if (caseIds.length === 0) return byCase;
  const rows = await db
    .select({ id: complianceAlerts.id, caseId: complianceAlerts.caseId })
    .from(complianceAlerts)
    .where(inArray(complianceAlerts.caseId, caseIds))
    .orderBy(asc(complianceAlerts.id));
  for (const row of rows) if (row.caseId !== null) byCase.set(row.caseId, [...(byCase.get(row.caseId) ?? []), row.id]);
  return byCase;
}

export function toCase(
  row: { case: TCaseRow; customerName: string; customerEmail: string; legalHoldAt: Date | null; legalHoldReason: string | null },
  alertIds: number[],
  now: Date,
): TComplianceCase {
  return {
    id: row.case.id,
    userId: row.case.userId,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    status: row.case.status,
    openedAt: row.case.openedAt.toISOString(),
    dueAt: row.case.dueAt.toISOString(),
    filedAt: iso(row.case.filedAt),
    ficReference: row.case.ficReference,
    noReportReason: row.case.noReportReason,
    overdue: row.case.status === 'open' && row.case.dueAt.getTime() <= now.getTime(),
    alertIds,
    legalHold: row.legalHoldAt ? { since: row.legalHoldAt.toISOString(), reason: row.legalHoldReason ?? '' } : null,
  };
}

export const caseColumns = {
  case: complianceCases,
  customerName: users.fullName,
  customerEmail: users.email,
  legalHoldAt: users.legalHoldAt,
  legalHoldReason: users.legalHoldReason,
};

export async function readCase(db: TDb | TTx, id: number, now: Date = new Date()): Promise<TComplianceCase> {
  const [row] = await db
    .select(caseColumns)
    .from(complianceCases)
    .innerJoin(users, eq(users.id, complianceCases.userId))
    .where(eq(complianceCases.id, id));
  if (!row) throw caseNotFound();
  return toCase(row, (await alertIdsOf(db, [id])).get(id) ?? [], now);
}

export async function readNotes(db: TDb | TTx, userId: string): Promise<TComplianceNote[]> {
  const rows = await db
    .select({ note: complianceNotes, authorName: users.fullName })
    .from(complianceNotes)
    .leftJoin(users, eq(users.id, complianceNotes.authorId))
    .where(eq(complianceNotes.userId, userId))
    .orderBy(asc(complianceNotes.createdAt), asc(complianceNotes.id));
  return rows.map(({ note, authorName }) => ({
    id: note.id,
    body: note.body,
    authorName,
    alertId: note.alertId,
    caseId: note.caseId,
    createdAt: note.createdAt.toISOString(),
  }));
}

type TKycRow = typeof kycSubmissions.$inferSelect;

/** Which documents a submission holds, by name: the desk lists them, the files stay in KYC Submissions. */
function documentFiles(row: TKycRow): string[] {
  const files: string[] = [];
  if (row.frontKey) files.push('ID front');
  if (row.backKey) files.push('ID back');
  if (row.selfieKey) files.push('Selfie with the card');
  if (row.addressProofKey) files.push('Proof of address');
  return files;
}

export async function readDocuments(db: TDb | TTx, userId: string) {
  const rows = await db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.submittedAt), desc(kycSubmissions.id));
  return rows.map((row) => ({
    id: row.id,
    idType: row.idType,
    level: row.level,
    status: row.status,
    files: documentFiles(row),
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: iso(row.decidedAt),
  }));
}

export async function readCustomer(db: TDb | TTx, userId: string) {
  const user = firstOrThrow(await db.select().from(users).where(eq(users.id, userId)));
  return {
    id: user.id,
    fullName: user.fullName || user.name,
    username: user.displayUsername ?? user.username ?? '',
    email: user.email,
    phone: user.phone,
    tier: user.tier,
    kycStatus: user.kycStatus as TKycStatus,
    isBanned: user.banned,
    closedAt: iso(user.closedAt),
    createdAt: user.createdAt.toISOString(),
  };
}

export async function insertNote(
  tx: TTx,
  input: { userId: string; alertId: number | null; caseId: number | null; authorId: string; body: string; at: Date },
) {
  return firstOrThrow(
    await tx
      .insert(complianceNotes)
      .values({
        userId: input.userId,
        alertId: input.alertId,
        caseId: input.caseId,
        authorId: input.authorId,
        body: input.body,
        createdAt: input.at,
      })
      .returning(),
  );
}
