import { eq, inArray } from 'drizzle-orm';
import { AUDIT_TARGET_TYPE_LABELS, AUDIT_TARGET_TYPES, type TAuditTargetType } from '#shared/contracts/admin.js';
import { isStaffRole } from '#shared/permissions.js';
import type { TDbOrTx } from '#server/db/client.js';
import { auditLog, cannedResponses, coins, emailLog, paymentMethods } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { kycSubmissions } from '#server/db/schema/kyc.js';
import { orders } from '#server/db/schema/orders.js';

type TAuditRow = typeof auditLog.$inferSelect;

/** How an entry reads in the Audit Log: who did it and what it was done to, by name. */
export type TAuditNames = { actorName: string | null; targetKind: string; targetName: string | null };

/** Ids of serial (integer) and bigserial tables, as the audit log stores them (text). */
const INTEGER_ID = /^\d{1,9}$/;
const BIG_ID = /^\d{1,15}$/;

function isTargetType(value: string): value is TAuditTargetType {
  return (AUDIT_TARGET_TYPES as readonly string[]).includes(value);
}

/** 'some_kind' -> 'Some kind', for a target type this list does not know yet. */
function humanize(type: string): string {
  const words = type.replace(/[_.]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Record';
}

/** A name the entry recorded itself (a deleted admin's, payment method's or response's before/after). */
function recordedName(row: TAuditRow, fields: readonly string[]): string | null {
  for (const snapshot of [row.before, row.after]) {
    if (!snapshot || typeof snapshot !== 'object') continue;
    for (const field of fields) {
      const value = (snapshot as Record<string, unknown>)[field];
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
  }
  return null;
}

function idsOf(rows: TAuditRow[], type: TAuditTargetType, pattern: RegExp): number[] {
  const ids = new Set<number>();
  for (const row of rows) if (row.targetType === type && row.targetId && pattern.test(row.targetId)) ids.add(Number(row.targetId));
  return [...ids];
}

const personName = (row: { fullName: string; name: string }) => row.fullName || row.name;

/**
 * The names of the people and records a page of entries is about, read now in a few queries
 * (one per kind present, by primary key). A record deleted since falls back to the name its
 * entry recorded (admin.delete keeps the admin's name, a deleted payment method or response its
 * own), else to nothing (the page shows the id). The log itself is never written to.
 */
export async function nameAuditEntries(db: TDbOrTx, rows: TAuditRow[]): Promise<TAuditNames[]> {
  const userIds = new Set<string>();
  for (const row of rows) {
    if (row.actorId) userIds.add(row.actorId);
    if (row.targetType === 'user' && row.targetId) userIds.add(row.targetId);
  }
  const orderIds = idsOf(rows, 'order', INTEGER_ID);
  // A coin's entries name it by its symbol ('btc').
  const coinSymbols = [...new Set(rows.filter((row) => row.targetType === 'coin' && row.targetId).map((row) => row.targetId!))];
  const methodIds = idsOf(rows, 'payment_method', INTEGER_ID);
  const responseIds = idsOf(rows, 'canned_response', INTEGER_ID);
  const kycIds = idsOf(rows, 'kyc_submission', INTEGER_ID);
  const emailIds = idsOf(rows, 'email', BIG_ID);

  const [people, orderRows, coinRows, methodRows, responseRows, kycRows, emailRows] = await Promise.all([
    userIds.size
      ? db
          .select({ id: users.id, fullName: users.fullName, name: users.name, role: users.role })
          .from(users)
          .where(inArray(users.id, [...userIds]))
      : [],
    orderIds.length
      ? db
          .select({ id: orders.id, fullName: users.fullName, name: users.name })
          .from(orders)
          .leftJoin(users, eq(users.id, orders.userId))
          .where(inArray(orders.id, orderIds))
      : [],
    coinSymbols.length
      ? db.select({ id: coins.symbol, name: coins.name, symbol: coins.symbol }).from(coins).where(inArray(coins.symbol, coinSymbols))
      : [],
    methodIds.length
      ? db.select({ id: paymentMethods.id, name: paymentMethods.name }).from(paymentMethods).where(inArray(paymentMethods.id, methodIds))
      : [],
    responseIds.length
      ? db
          .select({ id: cannedResponses.id, title: cannedResponses.title })
          .from(cannedResponses)
          .where(inArray(cannedResponses.id, responseIds))
      : [],
    kycIds.length
      ? db
          .select({ id: kycSubmissions.id, fullName: users.fullName, name: users.name })
          .from(kycSubmissions)
          .leftJoin(users, eq(users.id, kycSubmissions.userId))
          .where(inArray(kycSubmissions.id, kycIds))
      : [],
    emailIds.length
      ? db.select({ id: emailLog.id, to: emailLog.to, subject: emailLog.subject }).from(emailLog).where(inArray(emailLog.id, emailIds))
      : [],
  ]);

  const byId = <T extends { id: string | number }>(list: T[]) => new Map(list.map((item) => [String(item.id), item]));
  const peopleById = byId(people);
  const ordersById = byId(orderRows);
  const coinsById = byId(coinRows);
  const methodsById = byId(methodRows);
  const responsesById = byId(responseRows);
  const kycById = byId(kycRows);
  const emailsById = byId(emailRows);

  const withNumber = (id: string, name: string | null) => (name ? `#${id} · ${name}` : `#${id}`);

  return rows.map((row): TAuditNames => {
    const actor = row.actorId ? peopleById.get(row.actorId) : undefined;
    const actorName = actor ? personName(actor) : null;
    const type = row.targetType;
    if (!isTargetType(type)) return { actorName, targetKind: humanize(type), targetName: null };
    const kind = AUDIT_TARGET_TYPE_LABELS[type];
    const id = row.targetId ?? '';
    switch (type) {
      case 'settings':
      case 'contact_page':
        return { actorName, targetKind: kind, targetName: kind };
      case 'user': {
        const person = peopleById.get(id);
        const isStaff = person ? isStaffRole(person.role) : row.action.startsWith('admin.');
        return {
          actorName,
          targetKind: isStaff ? 'Admin' : 'User',
          targetName: person ? personName(person) : recordedName(row, ['fullName', 'email']),
        };
      }
      case 'order': {
        const order = ordersById.get(id);
        return { actorName, targetKind: kind, targetName: id ? withNumber(id, order?.fullName || order?.name || null) : null };
      }
      case 'kyc_submission': {
        const submission = kycById.get(id);
        return { actorName, targetKind: kind, targetName: id ? withNumber(id, submission?.fullName || submission?.name || null) : null };
      }
      case 'coin': {
        const coin = coinsById.get(id);
        return { actorName, targetKind: kind, targetName: coin ? `${coin.name} (${coin.symbol.toUpperCase()})` : null };
      }
      case 'payment_method':
        return { actorName, targetKind: kind, targetName: methodsById.get(id)?.name ?? recordedName(row, ['name']) };
      case 'canned_response':
        return { actorName, targetKind: kind, targetName: responsesById.get(id)?.title ?? recordedName(row, ['title']) };
      case 'email': {
        const email = emailsById.get(id);
        return { actorName, targetKind: kind, targetName: email ? `“${email.subject}” to ${email.to}` : null };
      }
      case 'sms':
        // The SMS log is not read for names: the entry recorded the recipient (sms.reveal).
        return { actorName, targetKind: kind, targetName: recordedName(row, ['to']) };
      case 'job':
        // A background job (job.retry, docs/decisions/052): named by the queue the entry recorded.
        return { actorName, targetKind: kind, targetName: recordedName(row, ['queue']) };
    }
  });
}
