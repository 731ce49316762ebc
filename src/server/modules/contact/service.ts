import { and, eq, isNull } from 'drizzle-orm';
import { CONTACT_FORM_MSG, type TContactMessage } from '#shared/contracts/content.js';
import type { TDb, TDbOrTx } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { conversations } from '#server/db/schema/chat.js';
import { queueEmail } from '#server/lib/email/outbox.js';
import { renderContactReceivedEmail } from '#server/lib/email/templates.js';
import type { RateLimitStore } from '#server/lib/rate-limit-store.js';
import type { TUserRow } from '#server/plugins/access.js';
import { RATE_LIMITS, rateLimited } from '#server/plugins/rate-limit.js';
import type { RealtimeBus } from '#server/modules/realtime/bus.js';
import { storeMessage } from '#server/modules/chat/service.js';
import { getCompanyDetails } from '#server/modules/content/service.js';

export type TContactDeps = {
  db: TDb;
  bus: RealtimeBus;
  rateLimits: RateLimitStore;
  rateLimitScale: number;
  appUrl: string;
  onEmailQueued: () => void;
};

/** The sender the form is from: a signed-in customer, or anyone else (a visitor, by the address they typed). */
type TSender = { kind: 'customer'; user: TUserRow } | { kind: 'visitor' };

/** A visitor's conversation (one per address, docs/decisions/022), created by their first message. */
async function visitorConversation(tx: TDbOrTx, name: string, email: string) {
  const mine = and(isNull(conversations.userId), eq(conversations.visitorEmail, email));
  // A unique index on the address settles two first messages at once.
  await tx.insert(conversations).values({ visitorName: name, visitorEmail: email }).onConflictDoNothing();
  return firstOrThrow(await tx.select().from(conversations).where(mine));
}

async function customerConversation(tx: TDbOrTx, userId: string) {
  await tx.insert(conversations).values({ userId }).onConflictDoNothing();
  return firstOrThrow(await tx.select().from(conversations).where(eq(conversations.userId, userId)));
}

/**
 * A contact-form message (docs/decisions/022). A signed-in customer's joins their own support
 * conversation; anyone else's opens (or joins) the conversation of the address they gave, which
 * the inbox lists with their name and address. The message is marked as from the contact form,
 * and the acknowledgement email is queued in the same transaction (to the customer's account
 * address, or to the address given). At most RATE_LIMITS.contactPerEmail messages an hour per
 * receiving address, whoever sends them (no mailbox flooding); the route limits per client address.
 */
export async function receiveContactMessage(deps: TContactDeps, user: TUserRow | null, input: TContactMessage): Promise<void> {
  const sender: TSender = user && user.role === 'customer' ? { kind: 'customer', user } : { kind: 'visitor' };
  const ackTo = sender.kind === 'customer' ? sender.user.email.toLowerCase() : input.email;

  const rule = RATE_LIMITS.contactPerEmail;
  const counted = await deps.rateLimits.hit(`contact-email:${ackTo}`, rule.windowSeconds * 1000);
  if (counted.count > Math.max(1, Math.round(rule.max * deps.rateLimitScale))) {
    throw rateLimited(counted.resetInMs, CONTACT_FORM_MSG.tooMany);
  }

  await deps.db.transaction(async (tx) => {
    const conversation =
      sender.kind === 'customer' ? await customerConversation(tx, sender.user.id) : await visitorConversation(tx, input.name, input.email);
    await storeMessage(tx, deps.bus, {
      conversation,
      sender: 'user',
      senderId: sender.kind === 'customer' ? sender.user.id : null,
      text: input.message,
      via: 'contact_form',
    });
    const company = await getCompanyDetails(tx);
    await queueEmail(tx, ackTo, renderContactReceivedEmail({ hasAccount: sender.kind === 'customer', appUrl: deps.appUrl, company }));
  });
  deps.onEmailQueued();
}
