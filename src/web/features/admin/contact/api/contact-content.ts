import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZContactContent, type TContactContent } from '#shared/contracts/content.js';
import { apiRequest } from '#web/lib/api.js';

/** The public page reads the same record under this key; it is refreshed after a save. */
const PUBLIC_CONTACT_KEY = ['content', 'contact'] as const;
export const adminContactKeys = { all: ['admin', 'contact'] as const };

export function getContactContent(signal?: AbortSignal) {
  return apiRequest('/api/content/contact', { schema: ZContactContent, operation: 'Loading page content', signal });
}

export const adminContactQueryOptions = () =>
  queryOptions({
    queryKey: adminContactKeys.all,
    queryFn: ({ signal }) => getContactContent(signal),
    // The form starts from what is stored now, not from a cached copy.
    staleTime: 0,
  });

/** The contact page content as stored (GET /api/content/contact). */
export function useAdminContactContent() {
  return useQuery(adminContactQueryOptions());
}

export function saveContactContent(content: TContactContent) {
  return apiRequest('/api/admin/contact', { method: 'PUT', body: content, schema: ZContactContent, operation: 'Saving the contact page' });
}

export function useSaveContactContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContactContent,
    onSuccess: (content) => {
      queryClient.setQueryData(adminContactKeys.all, content);
      queryClient.setQueryData(PUBLIC_CONTACT_KEY, content);
      void queryClient.invalidateQueries({ queryKey: PUBLIC_CONTACT_KEY });
    },
  });
}
