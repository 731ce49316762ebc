import { defineRuleMeta } from './rule.js';

/** One payer or payout number used by more customers than the setting allows (docs/decisions/017). */
export const sharedAccount = defineRuleMeta({
  id: 'shared_account',
  label: 'Shared payer or payout number',
  defaultAction: 'hold',
  settings: [
    {
      key: 'sharedNumberMaxCustomers',
      column: 'shared_number_max_customers',
      kind: 'whole',
      default: 2,
      min: 1,
      max: 20,
      message: 'Enter a whole number of customers from 1 to 20.',
      label: 'Customers per payer or payout number',
      hint: 'A number used by more customers than this raises an alert.',
    },
  ],
  details: [
    { key: 'number', label: 'Payer/payout number', personal: true },
    { key: 'customers', label: 'Customers using the number' },
    { key: 'maxCustomers', label: 'Customers allowed' },
  ],
});
