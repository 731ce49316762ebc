import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZStaffList, ZStaffResponse, type TCreateStaffRequest, type ZCreatableRole } from '#shared/contracts/staff.js';
import { apiRequest } from '#web/lib/api.js';

export type TCreatableRole = z.infer<typeof ZCreatableRole>;

/** In memory only, never persisted (decisions/013 D10). */
export const adminKeys = { all: ['admin', 'admins'] as const };

export const adminsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.all,
    queryFn: ({ signal }) => apiRequest('/api/admin/admins', { schema: ZStaffList, operation: 'Loading admins', signal }),
    select: (data) => data.admins,
  });

export function useAdmins() {
  return useQuery(adminsQueryOptions());
}

function useAdminMutation<TInput>(mutationFn: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}

export function useCreateAdmin() {
  return useAdminMutation((input: TCreateStaffRequest) =>
    apiRequest('/api/admin/admins', { method: 'POST', body: input, schema: ZStaffResponse, operation: 'Creating the admin' }),
  );
}

export function useUpdateAdminRole() {
  return useAdminMutation(({ id, role }: { id: string; role: TCreatableRole }) =>
    apiRequest(`/api/admin/admins/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: { role },
      schema: ZStaffResponse,
      operation: 'Updating the role',
    }),
  );
}

export function useResendInvitation() {
  return useAdminMutation((id: string) =>
    apiRequest(`/api/admin/admins/${encodeURIComponent(id)}/invitation`, {
      method: 'POST',
      schema: ZStaffResponse,
      operation: 'Sending the invitation',
    }),
  );
}

export function useDeleteAdmin() {
  return useAdminMutation((id: string) =>
    apiRequest(`/api/admin/admins/${encodeURIComponent(id)}`, { method: 'DELETE', operation: 'Deleting the admin' }),
  );
}

export function useResetAdminTwoFactor() {
  return useAdminMutation((id: string) =>
    apiRequest(`/api/admin/admins/${encodeURIComponent(id)}/two-factor/reset`, {
      method: 'POST',
      schema: ZStaffResponse,
      operation: 'Resetting two-factor',
    }),
  );
}
