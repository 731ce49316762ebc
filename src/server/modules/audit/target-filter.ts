import { eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { AUDIT_TARGET_TYPE_LABELS, AUDIT_TARGET_TYPES, type TAuditQuery, type TAuditTargetType } from '#shared/contracts/admin.js';
import { auditLog, cannedResponses, coins, emailLog, paymentMethods } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { kycSubmissions } from '#server/db/schema/kyc.js';
import { orders } from '#server/db/schema/orders.js';
import { containsPattern } from '#server/lib/sql.js';

/** The entry's target is the one of `type` whose id the subquery (one text column of ids) answers. */
function targetIn(type: TAuditTargetType, ids: SQL): SQL {
  return sql`(${auditLog.targetType} = ${type} AND ${auditLog.targetId} IN (${ids}))`;
}

/** The entry recorded `field` (in before or after) containing the pattern: names of records deleted since. */
function recordedLike(fields: readonly string[], like: string): SQL {
  const parts = fields.flatMap((field) => [
    sql`(${auditLog.before} ->> ${field}) ILIKE ${like}`,
    sql`(${auditLog.after} ->> ${field}) ILIKE ${like}`,
  ]);
  return sql`(${sql.join(parts, sql` OR `)})`;
}

/**
 * Entries about a record found by `text`: its id ('12' or '#12', of any kind) or part of the name
 * the Audit Log shows for it (nameAuditEntries): a customer's or admin's name or email, an order's
 * or KYC submission's customer, a coin's name or symbol, a payment method's name, a response's
 * title, an email's recipient or subject, 'Settings' or 'Contact page'. Names recorded by the
 * entry itself count too, so a deleted admin is still found.
 */
export function targetMatches(text: string): SQL {
  const like = containsPattern(text);
  const id = text.replace(/^#\s*/, '');
  const parts: SQL[] = [
    sql`lower(${auditLog.targetId}) = ${id.toLowerCase()}`,
    targetIn('user', sql`SELECT ${users.id} FROM ${users} WHERE ${users.fullName} ILIKE ${like} OR ${users.email} ILIKE ${like}`),
    sql`(${auditLog.targetType} = 'user' AND ${recordedLike(['fullName', 'email'], like)})`,
    targetIn(
      'order',
      sql`SELECT ${orders.id}::text FROM ${orders} JOIN ${users} ON ${users.id} = ${orders.userId}
          WHERE ${users.fullName} ILIKE ${like} OR ${users.email} ILIKE ${like}`,
    ),
    targetIn(
      'kyc_submission',
      sql`SELECT ${kycSubmissions.id}::text FROM ${kycSubmissions} JOIN ${users} ON ${users.id} = ${kycSubmissions.userId}
          WHERE ${users.fullName} ILIKE ${like} OR ${users.email} ILIKE ${like}`,
    ),
    // A coin's entries name it by its symbol.
    targetIn('coin', sql`SELECT ${coins.symbol} FROM ${coins} WHERE ${coins.name} ILIKE ${like} OR ${coins.symbol} ILIKE ${like}`),
    targetIn('payment_method', sql`SELECT ${paymentMethods.id}::text FROM ${paymentMethods} WHERE ${paymentMethods.name} ILIKE ${like}`),
    sql`(${auditLog.targetType} = 'payment_method' AND ${recordedLike(['name'], like)})`,
    targetIn(
      'canned_response',
      sql`SELECT ${cannedResponses.id}::text FROM ${cannedResponses} WHERE ${cannedResponses.title} ILIKE ${like}`,
    ),
    sql`(${auditLog.targetType} = 'canned_response' AND ${recordedLike(['title'], like)})`,
    targetIn(
      'email',
      sql`SELECT ${emailLog.id}::text FROM ${emailLog} WHERE ${emailLog.to} ILIKE ${like} OR ${emailLog.subject} ILIKE ${like}`,
    ),
  ];
  // The one-record kinds are found by their name.
  for (const type of AUDIT_TARGET_TYPES) {
    if ((type === 'settings' || type === 'contact_page') && AUDIT_TARGET_TYPE_LABELS[type].toLowerCase().includes(text.toLowerCase())) {
      parts.push(eq(auditLog.targetType, type));
    }
  }
  return or(...parts)!;
}

/** The actor by part of their email or of their name now. */
export function actorMatches(text: string): SQL {
  const like = containsPattern(text);
  return or(
    ilike(auditLog.actorEmail, like),
    sql`${auditLog.actorId} IN (SELECT ${users.id} FROM ${users} WHERE ${users.fullName} ILIKE ${like})`,
  )!;
}

/** The target conditions of the log's filter: its kind, and its id or name. */
export function targetConditions(query: Pick<TAuditQuery, 'targetType' | 'target'>): SQL[] {
  const conditions: SQL[] = [];
  if (query.targetType) conditions.push(eq(auditLog.targetType, query.targetType));
  if (query.target) conditions.push(targetMatches(query.target));
  return conditions;
}
