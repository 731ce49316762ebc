/**
 * Query keys that more than one feature uses (one invalidates what another shows). A feature's
 * own keys stay in its api/ folder.
 */

/** The back-office dashboard. In memory only, never persisted (decisions/013 D10): its recent orders name customers. */
export const adminDashboardKeys = {
  all: ['admin', 'dashboard'] as const,
};

/** The customer's phone and order SMS setting (issue 18): verified on the KYC page, order SMS set on Security. */
export const phoneKeys = {
  status: ['account', 'phone'] as const,
};

/**
 * The customer beside a Live Chat conversation (docs/decisions/034): their last orders, read again
 * when an order changes (the order socket's events). In memory only (decisions/013 D10).
 */
export const chatCustomerKeys = {
  all: ['admin', 'chat', 'customer'] as const,
  of: (conversationId: number) => ['admin', 'chat', 'customer', conversationId] as const,
};
