import type { TConversationSummary } from '#shared/contracts/chat.js';

/** The conversation list's filter (docs/decisions/034): kept in the URL as `assigned`, All by default. */
export const ASSIGNMENT_FILTERS = ['mine', 'unassigned', 'all'] as const;
export type TAssignmentFilter = (typeof ASSIGNMENT_FILTERS)[number];

export function readAssignmentFilter(params: URLSearchParams): TAssignmentFilter {
  const value = params.get('assigned');
  return (ASSIGNMENT_FILTERS as readonly (string | null)[]).includes(value) ? (value as TAssignmentFilter) : 'all';
}

export function filterConversations(list: TConversationSummary[], filter: TAssignmentFilter, me: string | undefined) {
  if (filter === 'mine') return list.filter((c) => me !== undefined && c.assigneeId === me);
  if (filter === 'unassigned') return list.filter((c) => c.assigneeId === null);
  return list;
}
