import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  CHAT_CUSTOMER_ORDERS,
  CHAT_MSG,
  type TAssignConversationRequest,
  type TChatAgent,
  type TChatCustomerContext,
  type TConversationSummary,
} from '#shared/contracts/chat.js';
import type { TKycStatus } from '#shared/contracts/account.js';
import { AREA_ROLES, canAccess } from '#shared/permissions.js';
import type { TDb, TTx } from '#server/db/client.js';
import { users } from '#server/db/schema/auth.js';
import { conversations } from '#server/db/schema/chat.js';
import { orders } from '#server/db/schema/orders.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import type { TActor } from '#server/plugins/access.js';
import type { RealtimeBus } from '#server/modules/realtime/bus.js';
import { conversationNotFound, getConversationById, getConversationSummary } from './service.js';

/**
 * Who answers a conversation (issue 27 point 7, docs/decisions/034), and what the chat shows of
 * its customer beside it.
 */

const personName = sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.name})`;

/** The staff members who can be given a conversation: every active one whose role has the chat area. */
export async function listChatAgents(db: TDb | TTx): Promise<TChatAgent[]> {
  return db
    .select({ id: users.id, name: personName })
    .from(users)
    .where(and(inArray(users.role, [...AREA_ROLES.chat]), eq(users.banned, false), isNull(users.removedAt)))
    .orderBy(asc(personName), asc(users.id));
}

async function nameOf(tx: TTx, id: string | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await tx.select({ name: personName }).from(users).where(eq(users.id, id));
  return row?.name ?? null;
}

/**
 * Assigns conversation `id` to `input.assigneeId` (null: to nobody), in one conditional update
 * made only if its assignee is still the one the agent saw (`currentAssigneeId`): of two agents
 * taking the same conversation at once, one wins and the other is told who did
 * (CONVERSATION_ASSIGNED). A role without `chatAssignment` (src/shared/permissions.ts) changes only
 * a conversation nobody has or it has itself (CONVERSATION_NOT_YOURS otherwise); the assignee
 * must be an active staff member with the chat area. Audited; the staff chat sockets are told.
 */
export async function assignConversation(
  deps: { db: TDb; bus: RealtimeBus },
  call: { actor: TActor; ip: string },
  id: number,
  input: TAssignConversationRequest,
): Promise<TConversationSummary> {
  const { actor } = call;
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: conversations.id, userId: conversations.userId, assignedTo: conversations.assignedTo })
      .from(conversations)
      .where(eq(conversations.id, id));
    if (!row) throw conversationNotFound();
    if (row.assignedTo !== input.currentAssigneeId) {
      throw new AppError('CONVERSATION_ASSIGNED', CHAT_MSG.assignedMeanwhile(await nameOf(tx, row.assignedTo)));
    }
    if (row.assignedTo !== null && row.assignedTo !== actor.id && !canAccess(actor.role, 'chatAssignment')) {
      throw new AppError('CONVERSATION_NOT_YOURS', CHAT_MSG.assignedToOther((await nameOf(tx, row.assignedTo)) ?? ''));
    }
    if (input.assigneeId === row.assignedTo) return;
    if (input.assigneeId !== null) {
      const agents = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(eq(users.id, input.assigneeId), inArray(users.role, [...AREA_ROLES.chat]), eq(users.banned, false), isNull(users.removedAt)),
        );
      if (agents.length === 0) throw new AppError('ASSIGNEE_INVALID', CHAT_MSG.assigneeNotAgent);
    }
    const current = input.currentAssigneeId;
    const updated = await tx
      .update(conversations)
      .set({ assignedTo: input.assigneeId, assignedAt: input.assigneeId === null ? null : new Date() })
      .where(and(eq(conversations.id, id), current === null ? isNull(conversations.assignedTo) : eq(conversations.assignedTo, current)))
      .returning({ id: conversations.id });
    if (updated.length === 0) {
      // Another agent's change committed between the read and this update (PostgreSQL re-checks the
      // condition on the row it waited for).
      const [now] = await tx.select({ assignedTo: conversations.assignedTo }).from(conversations).where(eq(conversations.id, id));
      throw new AppError('CONVERSATION_ASSIGNED', CHAT_MSG.assignedMeanwhile(await nameOf(tx, now?.assignedTo ?? null)));
    }
    await writeAudit(tx, {
      actor,
      action: 'chat.assign',
      targetType: 'conversation',
      targetId: id,
      before: { assigneeId: row.assignedTo, assigneeName: await nameOf(tx, row.assignedTo) },
      after: { assigneeId: input.assigneeId, assigneeName: await nameOf(tx, input.assigneeId) },
      ip: call.ip,
    });
    await deps.bus.publish({ t: 'assign', c: id }, tx);
  });
  return getConversationSummary(deps.db, id);
}

/**
 * The customer beside a conversation: their verification tier and KYC status and their last
 * orders as they see them (status, amounts), nothing of compliance: no hold, alert or case
 * (tipping-off, docs/decisions/034). A held order is in its own status (it waits as submitted),
 * which is what the customer sees. A visitor's conversation has no customer.
 */
export async function getChatCustomerContext(db: TDb, conversationId: number): Promise<TChatCustomerContext> {
  const conversation = await getConversationById(db, conversationId);
  if (conversation.userId === null) return { customer: null, orders: [] };
  const [customer] = await db.select({ tier: users.tier, kycStatus: users.kycStatus }).from(users).where(eq(users.id, conversation.userId));
  if (!customer) throw conversationNotFound();
  const rows = await db
    .select({
      id: orders.id,
      type: orders.type,
      coinSymbol: orders.coinSymbol,
      amountFiat: orders.amountFiat,
      fiatCurrency: orders.fiatCurrency,
      amountCrypto: orders.amountCrypto,
      status: orders.status,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.userId, conversation.userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(CHAT_CUSTOMER_ORDERS);
  return {
    customer: { tier: customer.tier, kycStatus: customer.kycStatus as TKycStatus },
    orders: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}
