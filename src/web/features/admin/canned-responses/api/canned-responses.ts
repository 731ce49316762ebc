import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZCannedResponseList, ZCannedResponseResponse, type ZCannedResponse, type ZCannedResponseInput } from '#shared/contracts/admin.js';
import { apiRequest } from '#web/lib/api.js';

export type TCannedResponse = z.infer<typeof ZCannedResponse>;
export type TCannedResponseInput = z.infer<typeof ZCannedResponseInput>;

/** In memory only, never persisted (decisions/013 D10); the chat quick-reply list reads the same endpoint. */
export const cannedResponseKeys = {
  all: ['admin', 'canned-responses'] as const,
};

export function listCannedResponses(signal?: AbortSignal) {
  return apiRequest('/api/admin/canned-responses', {
    schema: ZCannedResponseList,
    operation: 'Loading canned responses',
    signal,
  });
}

export const cannedResponsesQueryOptions = () =>
  queryOptions({
    queryKey: cannedResponseKeys.all,
    queryFn: ({ signal }) => listCannedResponses(signal),
    select: (data) => data.cannedResponses,
  });

/** Every canned response, ordered by title. */
export function useCannedResponses() {
  return useQuery(cannedResponsesQueryOptions());
}

export function saveCannedResponse({ id, input }: { id: number | null; input: TCannedResponseInput }) {
  return apiRequest(id === null ? '/api/admin/canned-responses' : `/api/admin/canned-responses/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body: input,
    schema: ZCannedResponseResponse,
    operation: 'Saving the response',
  });
}

export function deleteCannedResponse(id: number) {
  return apiRequest(`/api/admin/canned-responses/${id}`, { method: 'DELETE', operation: 'Deleting the response' });
}

/** Adds (id null) or updates a response; the list is re-read afterwards either way. */
export function useSaveCannedResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCannedResponse,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cannedResponseKeys.all }),
  });
}

export function useDeleteCannedResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCannedResponse,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cannedResponseKeys.all }),
  });
}
