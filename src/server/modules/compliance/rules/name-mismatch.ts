import { defineRuleMeta } from '#shared/compliance-rules/rule.js';
import { defineRule } from '../monitoring.js';

/** The name staff recorded on the payment differs from the customer's KYC name (docs/decisions/017). */
export const meta = defineRuleMeta({
  id: 'name_mismatch',
  position: 50,
  label: 'Name on the payment differs',
  defaultAction: 'flag',
  settings: [],
  details: [
    { key: 'recordedName', label: 'Name on the payment', personal: true },
    { key: 'customerName', label: 'Customer’s KYC name', personal: true },
  ],
});

/**
 * A name as the name-mismatch rule compares it: accents, case, punctuation and spacing ignored,
 * and the order of the names too ('MENSAH Ama' is 'Ama Mensah', 'Adwoa Ɔsei' is 'adwoa ɔsei').
 */
export function comparableName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .sort()
    .join(' ');
}

/** (e) The name on the payment staff recorded on approval differs from the customer's KYC (full) name: one alert per order. */
export const rule = defineRule({
  meta,
  runsAt: 'payment_recorded',
  async check({ order, recordedName, customerName }, { raise }) {
    if (!recordedName.trim() || comparableName(recordedName) === comparableName(customerName)) return;
    await raise({
      userId: order.userId,
      orderId: order.id,
      dedupeKey: `name_mismatch:order:${order.id}`,
      details: { recordedName: recordedName.trim(), customerName },
    });
  },
});
