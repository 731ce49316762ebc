import { defineRuleMeta, wholeSetting } from '#shared/compliance-rules/rule.js';
import { eq, or, sql } from 'drizzle-orm';
import { orders } from '#server/db/schema/orders.js';
import { defineRule, finalStatuses } from '../monitoring.js';
import { canonicalPhone, lockNumbers } from '../phone-numbers.js';

/** One payer or payout number used by more customers than the setting allows (docs/decisions/017). */
export const meta = defineRuleMeta({
  id: 'shared_account',
  position: 40,
  label: 'Shared payer or payout number',
  defaultAction: 'hold',
  settings: [
    wholeSetting('sharedNumberMaxCustomers', {
      default: 2,
      min: 1,
      max: 20,
      message: 'Enter a whole number of customers from 1 to 20.',
      label: 'Customers per payer or payout number',
      hint: 'A number used by more customers than this raises an alert.',
    }),
  ],
  details: [
    { key: 'number', label: 'Payer/payout number', personal: true },
    { key: 'customers', label: 'Customers using the number' },
    { key: 'maxCustomers', label: 'Customers allowed' },
  ],
});

/**
 * (d) One payer number (a buy's "I have paid"), payout MoMo number (a sell's "I have sent") or
 * number staff recorded on the payment (the approval) used by more customers than the setting
 * allows: every customer of the number gets an alert (one per number and customer). The acting
 * customer's names the order being submitted or approved (`acting`); another customer's names
 * their latest order with the number that can still be decided, else their latest. Every open
 * order of a customer using the number is held by it while it holds (rules.ts isOrderHeld compares
 * the numbers), whichever order it names. The number is locked first (lockNumbers).
 */
export const rule = defineRule({
  meta,
  runsAt: 'number_used',
  async check({ number, acting }, { tx, settings, raise }) {
    if (!number) return;
    const canonical = canonicalPhone(number);
    if (canonical.length < 9) return;
    await lockNumbers(tx, [canonical]);
    const monitoring = await settings();
    // The three keys are indexed (schema/orders.ts): the number's orders, not every order, are read.
    const customers = await tx
      .select({
        userId: orders.userId,
        // Open orders first, then the newest: the customer's latest order that can still be decided.
        orderId: sql<number>`(array_agg(${orders.id} order by ${orders.status} in (${finalStatuses}), ${orders.id} desc))[1]`.mapWith(
          Number,
        ),
      })
      .from(orders)
      .where(or(eq(orders.payerNumberKey, canonical), eq(orders.payoutNumberKey, canonical), eq(orders.recordedPayerNumber, canonical)))
      .groupBy(orders.userId);
    if (customers.length <= monitoring.sharedNumberMaxCustomers) return;
    for (const customer of customers) {
      await raise({
        userId: customer.userId,
        orderId: customer.userId === acting.userId ? acting.id : customer.orderId,
        dedupeKey: `shared_account:${canonical}:${customer.userId}`,
        details: { number: canonical, customers: customers.length, maxCustomers: monitoring.sharedNumberMaxCustomers },
      });
    }
  },
});
