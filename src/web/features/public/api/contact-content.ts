import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZContactContent, type TContactContent } from '#shared/contracts/content.js';
import { apiRequest } from '#web/lib/api.js';

/** Shared with the admin 'Manage Contact Page' screen, which may invalidate it after a save. */
export const CONTACT_CONTENT_QUERY_KEY = ['content', 'contact'] as const;

export function contactContentQueryOptions() {
  return queryOptions({
    queryKey: CONTACT_CONTENT_QUERY_KEY,
    queryFn: ({ signal }): Promise<TContactContent> =>
      apiRequest('/api/content/contact', { schema: ZContactContent, operation: 'Loading page content', signal }),
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

/** The editable contact page content (GET /api/content/contact, public). */
export function useContactContent() {
  return useQuery(contactContentQueryOptions());
}
