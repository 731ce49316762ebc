import type { TAdminOrderFilter } from '#web/features/admin/orders/lib/order-filter.js';

/**
 * Query keys of the order back-office. Orders name other people: they stay in the TanStack
 * Query memory cache only, never in localStorage (decisions/013 D10), and go with it at logout.
 */
export const adminOrderKeys = {
  all: ['admin', 'orders'] as const,
  lists: ['admin', 'orders', 'list'] as const,
  list: (filter: TAdminOrderFilter) => ['admin', 'orders', 'list', filter] as const,
  details: ['admin', 'orders', 'detail'] as const,
  detail: (id: number) => ['admin', 'orders', 'detail', id] as const,
  /** The "Needs action" count of the menu, the tab title and the view switch (docs/decisions/014). */
  needsAction: ['admin', 'orders', 'needs-action'] as const,
};
