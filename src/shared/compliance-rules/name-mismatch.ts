import { defineRuleMeta } from './rule.js';

/** The name staff recorded on the payment differs from the customer's KYC name (docs/decisions/017). */
export const nameMismatch = defineRuleMeta({
  id: 'name_mismatch',
  label: 'Name on the payment differs',
  defaultAction: 'flag',
  settings: [],
  details: [
    { key: 'recordedName', label: 'Name on the payment', personal: true },
    { key: 'customerName', label: 'Customer’s KYC name', personal: true },
  ],
});
