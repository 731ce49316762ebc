import type { TDbOrTx } from '#server/db/client.js';
import type { users } from '#server/db/schema/auth.js';
import { queueSms } from './outbox.js';
import { renderOrderStatusSms, type TOrderSmsStatus } from './templates.js';

type TSmsRecipient = Pick<typeof users.$inferSelect, 'id' | 'phone' | 'phoneVerifiedAt' | 'smsOrderUpdates'>;

/** Order SMS go to customers who asked for them, on a number they verified by a one-time code. */
export function wantsOrderSms(user: TSmsRecipient): user is TSmsRecipient & { phone: string } {
  return user.smsOrderUpdates && user.phoneVerifiedAt !== null && Boolean(user.phone);
}

/**
 * The SMS of an order's status change (created, completed, cancelled, expired), written in the
 * caller's transaction, the one of the change (modules/orders/lifecycle.ts, place-order.ts);
 * nothing for a customer who did not opt in or has no verified phone.
 */
export async function queueOrderStatusSms(
  tx: TDbOrTx,
  input: { user: TSmsRecipient; orderId: number; status: TOrderSmsStatus; appUrl: string },
): Promise<boolean> {
  if (!wantsOrderSms(input.user)) return false;
  await queueSms(tx, {
    userId: input.user.id,
    to: input.user.phone,
    kind: 'order_status',
    body: renderOrderStatusSms({ orderId: input.orderId, status: input.status, appUrl: input.appUrl }),
  });
  return true;
}
