import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  SMS_FORWARDER_HEADERS,
  SMS_FORWARDER_MAX_SKEW_SECONDS,
  SMS_FORWARDER_MSG,
  SMS_FORWARDER_PATH,
  ZSmsReceivedEvent,
  type TCreateSmsForwarder,
  type TSmsForwarder,
  type TSmsForwarderCreated,
  type TSmsMessageStatus,
} from '#shared/contracts/sms-forwarders.js';
import { toTransactionKey } from '#shared/transaction-id.js';
import { firstOrThrow } from '#server/db/rows.js';
import { users } from '#server/db/schema/auth.js';
import { paymentMethods } from '#server/db/schema/app.js';
import { smsForwarders, smsMessages, statementExceptions, statementImports } from '#server/db/schema/statements.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError, notFound } from '#server/lib/errors.js';
import { decryptSecret, encryptSecret } from '#server/lib/secrets.js';
import type { TActor } from '#server/plugins/access.js';
import type { TParsedLine } from './parse.js';
import { confirmMatches, getReconciliationSettings, recordLines, resolveAccount, type TPaymentsDeps } from './service.js';
import { parseSms } from './sms-parse.js';

/**
 * The SMS forwarder (issue 33 point 6, docs/decisions/059): devices set up and revoked in the
 * back-office, and the signed webhook their texts arrive on. A text is stored first, then read
 * (sms-parse.ts) and reconciled as a line of the device's own import (service.ts recordLines).
 */

export type TSmsForwarderDeps = TPaymentsDeps & { serverSecret: string; appUrl: string };

const nowOf = (deps: TPaymentsDeps) => (deps.now ? deps.now() : new Date());
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const webhookUrlOf = (appUrl: string, id: string) => `${appUrl}${SMS_FORWARDER_PATH}/${id}`;

/** The signature the device sends: hex HMAC-SHA256, with its secret, of the raw body followed by X-Timestamp. */
export function smsSignature(secret: string, rawBody: string, timestamp: string): string {
  return createHmac('sha256', secret)
    .update(rawBody + timestamp)
    .digest('hex');
}

async function toForwarders(deps: TSmsForwarderDeps, rows: (typeof smsForwarders.$inferSelect)[]): Promise<TSmsForwarder[]> {
  if (rows.length === 0) return [];
  const methodIds = [...new Set(rows.map((r) => r.paymentMethodId))];
  const methods = new Map(
    (
      await deps.db
        .select({ id: paymentMethods.id, name: paymentMethods.name })
        .from(paymentMethods)
        .where(inArray(paymentMethods.id, methodIds))
    ).map((m) => [m.id, m.name]),
  );
  const userIds = [...new Set(rows.map((r) => r.createdBy).filter((id): id is string => id !== null))];
  const names = new Map(
    userIds.length > 0
      ? (await deps.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds))).map((u) => [u.id, u.name])
      : [],
  );
  const counts = await deps.db
    .select({
      forwarderId: smsMessages.forwarderId,
      total: count(),
      unparsed: sql<number>`count(*) filter (where ${smsMessages.status} = 'unparsed')::int`,
    })
    .from(smsMessages)
    .where(
      inArray(
        smsMessages.forwarderId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(smsMessages.forwarderId);
  const countOf = new Map(counts.map((c) => [c.forwarderId, c]));
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    paymentMethodId: row.paymentMethodId,
    paymentMethodLabel: methods.get(row.paymentMethodId) ?? `Payment method ${row.paymentMethodId}`,
    createdBy: row.createdBy ? (names.get(row.createdBy) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: iso(row.lastSeenAt),
    revokedAt: iso(row.revokedAt),
    messageCount: Number(countOf.get(row.id)?.total ?? 0),
    unparsedCount: Number(countOf.get(row.id)?.unparsed ?? 0),
  }));
}

export async function listForwarders(deps: TSmsForwarderDeps): Promise<TSmsForwarder[]> {
  const rows = await deps.db.select().from(smsForwarders).orderBy(desc(smsForwarders.createdAt), desc(smsForwarders.id));
  return toForwarders(deps, rows);
}

/**
 * Registers a phone for a MoMo wallet: an id for its URL, a secret shown once (kept encrypted
 * with the server secret), and its own import that its texts are lines of. Audited without the secret.
 */
export async function createForwarder(
  deps: TSmsForwarderDeps,
  actor: TActor,
  input: TCreateSmsForwarder,
  ip: string,
): Promise<TSmsForwarderCreated> {
  const id = `fwd_${randomBytes(12).toString('base64url')}`;
  const secret = randomBytes(32).toString('base64url');
  const now = nowOf(deps);
  const row = await deps.db.transaction(async (tx) => {
    const account = await resolveAccount(tx, { paymentMethodId: input.paymentMethodId }).catch(() => {
      throw new AppError('VALIDATION', SMS_FORWARDER_MSG.methodUnknown, { fields: { paymentMethodId: SMS_FORWARDER_MSG.methodUnknown } });
    });
    if (account.ownNumber === null)
      throw new AppError('VALIDATION', SMS_FORWARDER_MSG.methodNotMomo, { fields: { paymentMethodId: SMS_FORWARDER_MSG.methodNotMomo } });
    const imported = firstOrThrow(
      await tx
        .insert(statementImports)
        .values({
          accountKey: account.key,
          paymentMethodId: account.paymentMethodId,
          format: 'sms',
          fileName: `SMS forwarder: ${input.label}`,
          fileHash: `sms-forwarder:${id}`,
          lineCount: 0,
          newLineCount: 0,
          importedBy: actor.id,
          importedAt: now,
        })
        .returning(),
    );
    const created = firstOrThrow(
      await tx
        .insert(smsForwarders)
        .values({
          id,
          label: input.label,
          paymentMethodId: input.paymentMethodId,
          importId: imported.id,
          secretEncrypted: encryptSecret(secret, deps.serverSecret),
          createdBy: actor.id,
          createdAt: now,
        })
        .returning(),
    );
    await writeAudit(tx, {
      actor,
      action: 'sms_forwarder.create',
      targetType: 'sms_forwarder',
      targetId: id,
      after: { label: input.label, paymentMethodId: input.paymentMethodId, importId: imported.id },
      ip,
    });
    return created;
  });
  const [forwarder] = await toForwarders(deps, [row]);
  return {
    forwarder: forwarder!,
    secret,
    webhookUrl: webhookUrlOf(deps.appUrl, id),
    headers: { ...SMS_FORWARDER_HEADERS },
    message: SMS_FORWARDER_MSG.created,
  };
}

/** Revokes a device, once (a conditional update), audited: its requests are refused from then on. */
export async function revokeForwarder(deps: TSmsForwarderDeps, actor: TActor, id: string, ip: string) {
  const now = nowOf(deps);
  const row = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(smsForwarders).where(eq(smsForwarders.id, id));
    if (!before) throw notFound(SMS_FORWARDER_MSG.notFound);
    const [revoked] = await tx
      .update(smsForwarders)
      .set({ revokedAt: now, revokedBy: actor.id })
      .where(and(eq(smsForwarders.id, id), isNull(smsForwarders.revokedAt)))
      .returning();
    if (!revoked) throw new AppError('SMS_FORWARDER_ALREADY_REVOKED', SMS_FORWARDER_MSG.alreadyRevoked);
    await writeAudit(tx, {
      actor,
      action: 'sms_forwarder.revoke',
      targetType: 'sms_forwarder',
      targetId: id,
      before: { revokedAt: null, label: before.label },
      after: { revokedAt: now.toISOString() },
      ip,
    });
    return revoked;
  });
  const [forwarder] = await toForwarders(deps, [row]);
  return { forwarder: forwarder!, message: SMS_FORWARDER_MSG.revoked };
}

export type TWebhookRequest = {
  deviceId: string;
  rawBody: string;
  signature: string | undefined;
  timestamp: string | undefined;
  ip: string;
};

/**
 * The webhook. Refused, changing nothing: an unknown device, a missing or wrong signature (checked
 * in constant time), a revoked device, a timestamp more than 5 minutes off, a body that is not an
 * event, a request seen before (its event id or the hash of its body, unique per device). Then the
 * text is stored (committed: nothing is lost if reading it fails) and read and reconciled.
 */
export async function receiveSms(
  deps: TSmsForwarderDeps,
  request: TWebhookRequest,
): Promise<{ ok: true; status: TSmsMessageStatus | 'ignored' }> {
  const [device] = await deps.db.select().from(smsForwarders).where(eq(smsForwarders.id, request.deviceId));
  if (!device) throw new AppError('SMS_FORWARDER_UNKNOWN', SMS_FORWARDER_MSG.unknownDevice);
  if (!request.signature || !request.timestamp) throw new AppError('SMS_SIGNATURE_INVALID', SMS_FORWARDER_MSG.missingHeaders);
  const expected = Buffer.from(
    smsSignature(decryptSecret(device.secretEncrypted, deps.serverSecret), request.rawBody, request.timestamp),
    'hex',
  );
  const given = /^[0-9a-f]{64}$/i.test(request.signature) ? Buffer.from(request.signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new AppError('SMS_SIGNATURE_INVALID', SMS_FORWARDER_MSG.badSignature);
  if (device.revokedAt) throw new AppError('SMS_FORWARDER_REVOKED', SMS_FORWARDER_MSG.deviceRevoked);
  // The phone's clock against this server's wall clock, not the order clock (which browser tests
  // move forward: POST /api/test/clock): a signature's freshness is about real time.
  const seconds = /^\d{1,12}$/.test(request.timestamp) ? Number(request.timestamp) : Number.NaN;
  if (!Number.isFinite(seconds) || Math.abs(Date.now() / 1000 - seconds) > SMS_FORWARDER_MAX_SKEW_SECONDS)
    throw new AppError('SMS_TIMESTAMP_STALE', SMS_FORWARDER_MSG.staleTimestamp);
  const now = nowOf(deps);

  let body: unknown;
  try {
    body = JSON.parse(request.rawBody);
  } catch {
    throw new AppError('BAD_REQUEST', SMS_FORWARDER_MSG.badBody);
  }
  const seen = () => deps.db.update(smsForwarders).set({ lastSeenAt: now }).where(eq(smsForwarders.id, device.id));
  if (typeof body === 'object' && body !== null && (body as { event?: unknown }).event !== 'sms:received') {
    // system:ping and the app's other events: the device is alive, nothing else.
    await seen();
    return { ok: true, status: 'ignored' };
  }
  const event = ZSmsReceivedEvent.safeParse(body);
  if (!event.success) throw new AppError('BAD_REQUEST', SMS_FORWARDER_MSG.badBody);
  const receivedAt = new Date(event.data.payload.receivedAt);

  // Stored first, in its own transaction: a failure reading it below loses nothing.
  const [stored] = await deps.db
    .insert(smsMessages)
    .values({
      forwarderId: device.id,
      eventId: event.data.id,
      bodyHash: createHash('sha256').update(request.rawBody).digest('hex'),
      sender: event.data.payload.phoneNumber,
      body: event.data.payload.message,
      receivedAt: Number.isNaN(receivedAt.getTime()) ? now : receivedAt,
      status: 'unparsed',
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!stored) throw new AppError('SMS_REPLAYED', SMS_FORWARDER_MSG.replayed);
  await seen();
  return { ok: true, status: await reconcileText(deps, device, stored, request.ip) };
}

/** Reads a stored text and reconciles it: a payment is a line of the device's import; the rest is kept, and what is not understood queued. */
async function reconcileText(
  deps: TSmsForwarderDeps,
  device: typeof smsForwarders.$inferSelect,
  message: typeof smsMessages.$inferSelect,
  ip: string,
): Promise<TSmsMessageStatus> {
  const settings = await getReconciliationSettings(deps.db);
  const now = nowOf(deps);
  const parsed = parseSms(message.sender, message.body);
  const account = await resolveAccount(deps.db, { paymentMethodId: device.paymentMethodId });
  const outcome = await deps.db.transaction(async (tx) => {
    const unparsed = async (reason: string) => {
      await tx.update(smsMessages).set({ status: 'unparsed' }).where(eq(smsMessages.id, message.id));
      await tx.insert(statementExceptions).values({
        kind: 'sms_unparsed',
        accountKey: account.key,
        smsMessageId: message.id,
        detail: `Forwarded by "${device.label}": ${reason}`,
        createdAt: now,
      });
      return { status: 'unparsed' as const, toConfirm: [] };
    };
    if (parsed.kind === 'not_payment') {
      await tx.update(smsMessages).set({ status: 'not_payment', network: parsed.network }).where(eq(smsMessages.id, message.id));
      return { status: 'not_payment' as const, toConfirm: [] };
    }
    if (parsed.kind === 'unparsed') return unparsed(parsed.reason);
    const payment = parsed.payment;
    // A wallet receives its own network's texts: another network's receipt on it is not its money.
    if (payment.network !== account.rail)
      return unparsed(`A ${payment.network} text on the ${account.label} wallet, whose texts are ${account.rail}'s.`);
    const identity = toTransactionKey(payment.transactionId);
    if (!identity) return unparsed(`The transaction id "${payment.transactionId}" is not one this version reads.`);
    const [counted] = await tx
      .update(statementImports)
      .set({ lineCount: sql`${statementImports.lineCount} + 1` })
      .where(eq(statementImports.id, device.importId))
      .returning({ lineCount: statementImports.lineCount });
    const line: TParsedLine = {
      lineNumber: counted!.lineCount,
      occurredAt: payment.occurredAt ?? message.receivedAt,
      direction: 'in',
      amount: payment.amount,
      // The provider's transaction id, as MTN's statement has it: the same payment from a later CSV is the same line.
      reference: payment.transactionId,
      counterparty: payment.senderNumber,
      description: [payment.senderName, payment.reference ? `Reference: ${payment.reference}` : null].filter(Boolean).join(' · ') || null,
      balance: payment.balance,
      identity: `id:${identity}`,
      raw: { sender: message.sender, text: message.body },
    };
    const recorded = await recordLines(tx, account, device.importId, [line], {
      windowHours: settings.matchWindowHours,
      now,
      createdBy: null,
      memo: (lineId, _line, detail) => `Forwarded text ${message.id} (${account.label}, line ${lineId}): ${detail}`,
    });
    const lineId = recorded.lineIds.get(line) ?? null;
    await tx
      .update(statementImports)
      .set({ newLineCount: sql`${statementImports.newLineCount} + ${recorded.fresh}` })
      .where(eq(statementImports.id, device.importId));
    await tx
      .update(smsMessages)
      .set({
        status: lineId === null ? 'duplicate' : 'parsed',
        network: payment.network,
        lineId,
        parsed: { ...payment, occurredAt: payment.occurredAt?.toISOString() ?? null },
      })
      .where(eq(smsMessages.id, message.id));
    return { status: lineId === null ? ('duplicate' as const) : ('parsed' as const), toConfirm: recorded.toConfirm };
  });
  if (settings.confirmMatchedPayments && outcome.toConfirm.length > 0) {
    await confirmMatches(deps, account, outcome.toConfirm, ip, (item) => ({
      kind: 'sms_receipt',
      text: `Forwarded SMS ${message.id} (line ${item.lineId}) from ${message.sender} on "${device.label}": ${message.body}`.slice(0, 500),
    }));
  }
  return outcome.status;
}
