import type { FastifyRequest } from 'fastify';
import { and, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { paths } from '#shared/app-paths.js';
import {
  DESTINATION_MSG,
  type TDestinationChange,
  type TDestinationKind,
  type TDestinationStatus,
} from '#shared/contracts/destination-changes.js';
import type { TDb, TDbOrTx } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import {
  coinDepositKeys,
  depositAddresses,
  depositKeys,
  destinationChanges,
  paymentMethods,
  settings,
  users,
} from '#server/db/schema/index.js';
import { isNetworkId } from '#shared/networks.js';
import { parseAccountKey } from '#server/modules/deposit-keys/derive.js';
import { setCoinKey, upsertDepositKey } from '#server/modules/deposit-keys/service.js';
import { writeAudit } from '#server/lib/audit.js';
import { isUniqueViolation } from '#server/lib/db-errors.js';
import { queueEmail } from '#server/lib/email/outbox.js';
import { renderDestinationChangeEmail } from '#server/lib/email/templates.js';
import { AppError } from '#server/lib/errors.js';
import { confirmSecondFactor } from '#server/modules/auth/two-factor.js';
import type { TAccountDeps } from '#server/modules/auth/service.js';
import { actorOf, type TActor } from '#server/plugins/access.js';

/**
 * Four eyes on money destinations (issue 27 point 3, docs/decisions/030). A change of where money
 * goes is stored with before and after, confirmed with the requester's second factor, emailed to
 * every other Super Admin and Manager, and applied only when a different one approves it with their
 * own second factor, or, when the requester was the only one able to approve, after the cooling-off
 * period of Settings. Applying is one conditional update of the change (pending to applied) and
 * checks that `before` is still what is in force.
 */
export type TDestinationDeps = {
  db: TDb;
  account: TAccountDeps;
  appUrl: string;
  onEmailQueued: () => void;
  /** The clock the cooling-off period is measured on (the test clock in browser tests). */
  now?: () => Date;
  /** Called after a deposit address change is applied: the market answer holds the addresses. */
  onDepositAddressesChanged?: () => void;
};

type TRow = typeof destinationChanges.$inferSelect;
type TDetails = Record<string, unknown>;

export const APPROVER_ROLES = ['super_admin', 'manager'] as const;
const nowOf = (deps: Pick<TDestinationDeps, 'now'>) => deps.now?.() ?? new Date();

/** Super Admins and Managers who can sign in and approve: not removed, banned or closed, second factor on. */
async function activeApprovers(db: TDbOrTx) {
  return db
    .select({ id: users.id, email: users.email, fullName: users.fullName, name: users.name })
    .from(users)
    .where(
      and(
        inArray(users.role, [...APPROVER_ROLES]),
        isNull(users.removedAt),
        isNull(users.closedAt),
        eq(users.banned, false),
        eq(users.twoFactorEnabled, true),
      ),
    );
}

/** A destination in words, for the emails: the account of a method, or each network's address. */
function describe(kind: TDestinationKind, value: TDetails | null): string {
  if (!value) return 'none';
  if (kind === 'payment_method') {
    const details = (value.details ?? {}) as TDetails;
    const account = details.type === 'bank' ? `${String(details.bankName)} ${String(details.accountNumber)}` : String(details.number);
    const offered = value.isEnabled === undefined ? '' : value.isEnabled ? ', offered to buyers' : ', not offered to buyers';
    return `${String(value.name)}: ${account} (${String(details.name)})${offered}`;
  }
  const addresses = (value.depositAddresses ?? {}) as Record<string, string | null>;
  const keys = (value.depositKeys ?? {}) as Record<string, string | null>;
  return [
    ...Object.entries(addresses).map(([network, address]) => `${network} ${address ?? 'removed'}`),
    ...Object.entries(keys).map(([network, key]) => `${network} watch-only key ${key ?? 'none'}`),
  ].join('; ');
}

const requesterName = users.fullName;

function toChange(row: TRow, requester: { name: string } | null, decider: string | null): TDestinationChange {
  return {
    id: row.id,
    kind: row.kind,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    before: row.before,
    after: row.after,
    status: row.status,
    requestedBy: { id: row.requestedBy, name: requester?.name ?? '' },
    requestedAt: row.requestedAt.toISOString(),
    lapsesAt: row.lapsesAt?.toISOString() ?? null,
    decidedBy: decider,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

const deciders = alias(users, 'decider');

async function readChanges(db: TDbOrTx, where: SQL | undefined, limit = 100): Promise<TDestinationChange[]> {
  const rows = await db
    .select({ change: destinationChanges, requester: requesterName, decider: deciders.fullName })
    .from(destinationChanges)
    .innerJoin(users, eq(users.id, destinationChanges.requestedBy))
    .leftJoin(deciders, eq(deciders.id, destinationChanges.decidedBy))
    .where(where)
    .orderBy(sql`${destinationChanges.status} = 'pending' DESC`, desc(destinationChanges.id))
    .limit(limit);
  return rows.map((row) => toChange(row.change, { name: row.requester }, row.decider));
}

async function emailAdmins(
  deps: TDestinationDeps,
  tx: TDbOrTx,
  to: { email: string; fullName: string; name: string }[],
  change: TRow,
  event: Parameters<typeof renderDestinationChangeEmail>[0]['event'],
  by: string,
): Promise<void> {
  for (const person of to) {
    await queueEmail(
      tx,
      person.email,
      renderDestinationChangeEmail({
        fullName: person.fullName || person.name,
        event,
        targetLabel: change.targetLabel,
        by,
        before: describe(change.kind, change.before),
        after: describe(change.kind, change.after),
        lapsesAt: change.lapsesAt,
        reviewUrl: `${deps.appUrl}/#${paths.admin.pendingChanges.path}`,
      }),
    );
  }
}

/** The code is required, then checked against the signed-in person's second factor. */
async function requireSecondFactor(deps: TDestinationDeps, request: FastifyRequest, code: string | undefined): Promise<void> {
  if (!code) throw new AppError('VALIDATION', DESTINATION_MSG.codeRequired, { fields: { code: DESTINATION_MSG.codeRequired } });
  await confirmSecondFactor(deps.account, request, code);
}

/**
 * Stores a change of a destination, waiting for approval. The caller has already checked the new
 * value; `before` is what is in force now (null: nothing, a new payment method). `create`, when
 * given, writes the target in the same transaction (a new method, stored disabled) and returns its id.
 */
export async function requestDestinationChange(
  deps: TDestinationDeps,
  request: FastifyRequest,
  input: {
    kind: TDestinationKind;
    targetId: string | null;
    targetLabel: string;
    before: TDetails | null;
    after: TDetails;
    code: string | undefined;
    create?: (tx: TDbOrTx) => Promise<string>;
  },
): Promise<TDestinationChange> {
  const actor = actorOf(request);
  await requireSecondFactor(deps, request, input.code);
  const now = nowOf(deps);
  try {
    const change = await deps.db.transaction(async (tx) => {
      const others = (await activeApprovers(tx)).filter((person) => person.id !== actor.id);
      const [row] = await tx.select({ hours: settings.destinationCoolingOffHours }).from(settings).where(eq(settings.id, 1));
      const hours = row?.hours ?? 24;
      const targetId = input.create ? await input.create(tx) : input.targetId;
      const created = firstOrThrow(
        await tx
          .insert(destinationChanges)
          .values({
            kind: input.kind,
            targetId,
            targetLabel: input.targetLabel,
            before: input.before,
            after: input.after,
            requestedBy: actor.id,
            requestedAt: now,
            lapsesAt: others.length === 0 ? new Date(now.getTime() + hours * 3_600_000) : null,
          })
          .returning(),
      );
      await writeAudit(tx, {
        actor,
        action: 'destination.request',
        targetType: input.kind,
        targetId: created.targetId,
        before: input.before,
        after: { ...input.after, changeId: created.id, lapsesAt: created.lapsesAt?.toISOString() ?? null },
        ip: request.ip,
      });
      await emailAdmins(deps, tx, others, created, 'requested', actor.user.fullName || actor.user.name);
      return created;
    });
    deps.onEmailQueued();
    return toChange(change, { name: actor.user.fullName || actor.user.name }, null);
  } catch (error) {
    if (isUniqueViolation(error, 'destination_changes_one_pending_idx'))
      throw new AppError('CHANGE_ALREADY_PENDING', DESTINATION_MSG.alreadyPending);
    throw error;
  }
}

/** The pending change of a destination, if any (the edit forms show it). */
export async function findPendingChange(db: TDbOrTx, kind: TDestinationKind, targetId: string): Promise<TRow | undefined> {
  const [row] = await db
    .select()
    .from(destinationChanges)
    .where(and(eq(destinationChanges.kind, kind), eq(destinationChanges.targetId, targetId), eq(destinationChanges.status, 'pending')));
  return row;
}

/** Marks the change decided, once: false when another decision came first. */
async function claim(tx: TDbOrTx, id: number, status: TDestinationStatus, decidedBy: string | null, at: Date): Promise<TRow | undefined> {
  const [row] = await tx
    .update(destinationChanges)
    .set({ status, decidedBy, decidedAt: at })
    .where(and(eq(destinationChanges.id, id), eq(destinationChanges.status, 'pending')))
    .returning();
  return row;
}

const stale = () => new AppError('CHANGE_STALE', DESTINATION_MSG.stale);

/** Puts `after` in force when `before` still is; otherwise CHANGE_STALE (the transaction rolls back). */
async function applyChange(tx: TDbOrTx, change: TRow): Promise<void> {
  const before = change.before ?? {};
  if (change.kind === 'payment_method' && change.after.isEnabled === true) {
    // A new or re-enabled method (docs/decisions/035): offered once approved, only with the account that was approved.
    const updated = await tx
      .update(paymentMethods)
      .set({ isEnabled: true })
      .where(
        and(
          eq(paymentMethods.id, Number(change.targetId)),
          eq(paymentMethods.isEnabled, false),
          sql`${paymentMethods.details} = ${JSON.stringify(change.after.details)}::jsonb`,
        ),
      )
      .returning({ id: paymentMethods.id });
    if (updated.length === 0) throw stale();
    return;
  }
  if (change.kind === 'payment_method') {
    const after = change.after as { name: string; details: TDetails };
    const updated = await tx
      .update(paymentMethods)
      .set({ name: after.name, details: after.details as never })
      .where(and(eq(paymentMethods.id, Number(change.targetId)), sql`${paymentMethods.details} = ${JSON.stringify(before.details)}::jsonb`))
      .returning({ id: paymentMethods.id });
    if (updated.length === 0) throw stale();
    return;
  }
  const coinId = Number(change.targetId);
  const wanted = (change.after.depositAddresses ?? {}) as Record<string, string | null>;
  const was = (before.depositAddresses ?? {}) as Record<string, string | null>;
  const current = await tx.select().from(depositAddresses).where(eq(depositAddresses.coinId, coinId)).for('update');
  for (const [network, address] of Object.entries(wanted)) {
    const inForce = current.find((row) => row.network === network)?.address ?? null;
    if (inForce !== (was[network] ?? null)) throw stale();
    if (address === null) {
      await tx.delete(depositAddresses).where(and(eq(depositAddresses.coinId, coinId), eq(depositAddresses.network, network)));
    } else {
      await tx
        .insert(depositAddresses)
        .values({ coinId, network, address })
        .onConflictDoUpdate({ target: [depositAddresses.coinId, depositAddresses.network], set: { address, updatedAt: new Date() } });
    }
  }
  // Watch-only keys (docs/decisions/056): the key in force must still be the one the request saw.
  const wantedKeys = (change.after.depositKeys ?? {}) as Record<string, string | null>;
  const keysWere = (before.depositKeys ?? {}) as Record<string, string | null>;
  if (Object.keys(wantedKeys).length === 0) return;
  const keysInForce = await tx
    .select({ network: coinDepositKeys.network, extendedKey: depositKeys.extendedKey })
    .from(coinDepositKeys)
    .innerJoin(depositKeys, eq(depositKeys.id, coinDepositKeys.keyId))
    .where(eq(coinDepositKeys.coinId, coinId))
    .for('update', { of: coinDepositKeys });
  for (const [network, key] of Object.entries(wantedKeys)) {
    const inForce = keysInForce.find((row) => row.network === network)?.extendedKey ?? null;
    if (inForce !== (keysWere[network] ?? null) || !isNetworkId(network)) throw stale();
    await setCoinKey(tx, coinId, network, key === null ? null : await upsertDepositKey(tx, parseAccountKey(network, key)));
  }
}

async function loadChange(db: TDbOrTx, id: number): Promise<TRow> {
  const [row] = await db.select().from(destinationChanges).where(eq(destinationChanges.id, id));
  if (!row) throw new AppError('NOT_FOUND', DESTINATION_MSG.notFound);
  return row;
}

async function requesterOf(db: TDbOrTx, change: TRow) {
  return firstOrThrow(
    await db.select({ email: users.email, fullName: users.fullName, name: users.name }).from(users).where(eq(users.id, change.requestedBy)),
  );
}

/** A different Super Admin or Manager approves, with their second factor: the change is in force. */
export async function approveDestinationChange(
  deps: TDestinationDeps,
  request: FastifyRequest,
  id: number,
  code: string,
): Promise<TDestinationChange> {
  const actor = actorOf(request);
  return decideApproval(deps, { actor, ip: request.ip, confirm: () => requireSecondFactor(deps, request, code) }, id);
}

/**
 * The approval itself, by `actor` after `confirm` (their second factor): refused on a decided
 * change and on the requester's own, then applied once. Browser tests' setup approves through it
 * as another admin (src/server/modules/system/test-verification-routes.ts).
 */
export async function decideApproval(
  deps: TDestinationDeps,
  input: { actor: TActor; ip: string | null; confirm: () => Promise<void> },
  id: number,
): Promise<TDestinationChange> {
  const { actor } = input;
  const found = await loadChange(deps.db, id);
  if (found.status !== 'pending') throw new AppError('CHANGE_ALREADY_DECIDED', DESTINATION_MSG.alreadyDecided);
  if (found.requestedBy === actor.id) throw new AppError('OWN_CHANGE', DESTINATION_MSG.ownChange);
  await input.confirm();
  await deps.db.transaction(async (tx) => {
    const change = await claim(tx, id, 'applied', actor.id, nowOf(deps));
    if (!change) throw new AppError('CHANGE_ALREADY_DECIDED', DESTINATION_MSG.alreadyDecided);
    await applyChange(tx, change);
    await writeAudit(tx, {
      actor,
      action: 'destination.approve',
      targetType: change.kind,
      targetId: change.targetId,
      before: change.before,
      after: { ...change.after, changeId: change.id },
      ip: input.ip,
    });
    await emailAdmins(deps, tx, [await requesterOf(tx, change)], change, 'approved', actor.user.fullName || actor.user.name);
  });
  deps.onEmailQueued();
  if (found.kind === 'deposit_address') deps.onDepositAddressesChanged?.();
  return firstOrThrow(await readChanges(deps.db, eq(destinationChanges.id, id), 1));
}

/** Any Super Admin or Manager rejects a waiting change; the requester's own rejection is a cancel. No code: nothing moves. */
export async function rejectDestinationChange(deps: TDestinationDeps, request: FastifyRequest, id: number): Promise<TDestinationChange> {
  const actor: TActor = actorOf(request);
  await loadChange(deps.db, id);
  await deps.db.transaction(async (tx) => {
    const pending = await loadChange(tx, id);
    const status = pending.requestedBy === actor.id ? 'cancelled' : 'rejected';
    const change = await claim(tx, id, status, actor.id, nowOf(deps));
    if (!change) throw new AppError('CHANGE_ALREADY_DECIDED', DESTINATION_MSG.alreadyDecided);
    await writeAudit(tx, {
      actor,
      action: status === 'cancelled' ? 'destination.cancel' : 'destination.reject',
      targetType: change.kind,
      targetId: change.targetId,
      before: change.before,
      after: { ...change.after, changeId: change.id },
      ip: request.ip,
    });
    const others = (await activeApprovers(tx)).filter((person) => person.id !== actor.id);
    await emailAdmins(deps, tx, others, change, status, actor.user.fullName || actor.user.name);
  });
  deps.onEmailQueued();
  return firstOrThrow(await readChanges(deps.db, eq(destinationChanges.id, id), 1));
}

/**
 * Applies the changes whose cooling-off period is over (the requester was the only admin able to
 * approve). Run by the housekeeping job and before the list is read. A change whose destination
 * was changed meanwhile is rejected instead. Returns how many were applied.
 */
export async function applyDueDestinationChanges(deps: TDestinationDeps): Promise<number> {
  const now = nowOf(deps);
  const due = await deps.db
    .select({ id: destinationChanges.id })
    .from(destinationChanges)
    .where(and(eq(destinationChanges.status, 'pending'), lte(destinationChanges.lapsesAt, now)));
  let applied = 0;
  let addresses = false;
  for (const { id } of due) {
    try {
      await deps.db.transaction(async (tx) => {
        const change = await claim(tx, id, 'applied', null, now);
        if (!change) return;
        await applyChange(tx, change);
        await writeAudit(tx, {
          actor: null,
          action: 'destination.apply_after_cooling_off',
          targetType: change.kind,
          targetId: change.targetId,
          before: change.before,
          after: { ...change.after, changeId: change.id },
        });
        await emailAdmins(deps, tx, await activeApprovers(tx), change, 'applied', 'The cooling-off period');
        applied += 1;
        if (change.kind === 'deposit_address') addresses = true;
      });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'CHANGE_STALE')) throw error;
      await deps.db.transaction(async (tx) => {
        const change = await claim(tx, id, 'rejected', null, now);
        if (change)
          await writeAudit(tx, {
            actor: null,
            action: 'destination.stale',
            targetType: change.kind,
            targetId: change.targetId,
            before: change.before,
            after: { ...change.after, changeId: change.id },
          });
      });
    }
  }
  if (applied > 0) deps.onEmailQueued();
  if (addresses) deps.onDepositAddressesChanged?.();
  return applied;
}

/** Pending changes first, then the latest decided ones. */
export async function listDestinationChanges(deps: TDestinationDeps): Promise<TDestinationChange[]> {
  await applyDueDestinationChanges(deps);
  return readChanges(deps.db, undefined, 100);
}
