import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZColumnMapping,
  ZExceptionResponse,
  ZImportResult,
  ZMappingResponse,
  ZReconciliationSettings,
  ZStatementExceptions,
  ZStatementImports,
  ZStatementLines,
  type TColumnMapping,
  type TReconciliationSettings,
  type TResolveException,
  type TStatementUpload,
} from '#shared/contracts/statements.js';
import { apiRequest } from '#web/lib/api.js';

/** Statements and the exceptions queue (docs/decisions/039). In memory only, never persisted (decisions/013 D10). */
export const statementKeys = {
  all: ['admin', 'statements'] as const,
  imports: ['admin', 'statements', 'imports'] as const,
  lines: (id: number) => ['admin', 'statements', 'lines', id] as const,
  exceptions: (status: 'open' | 'resolved') => ['admin', 'statements', 'exceptions', status] as const,
  settings: ['admin', 'statements', 'settings'] as const,
  mapping: (paymentMethodId: number) => ['admin', 'statements', 'mapping', paymentMethodId] as const,
};

export function useStatementImports() {
  return useQuery(
    queryOptions({
      queryKey: statementKeys.imports,
      queryFn: ({ signal }) => apiRequest('/api/admin/statements', { schema: ZStatementImports, operation: 'Loading statements', signal }),
      select: (data) => data.imports,
    }),
  );
}

export function useStatementLines(importId: number | null) {
  return useQuery({
    queryKey: statementKeys.lines(importId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/statements/${importId}/lines`, { schema: ZStatementLines, operation: 'Loading the statement lines', signal }),
    enabled: importId !== null,
  });
}

export function useStatementExceptions(status: 'open' | 'resolved') {
  return useQuery({
    queryKey: statementKeys.exceptions(status),
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/statements/exceptions', {
        query: { status },
        schema: ZStatementExceptions,
        operation: 'Loading the exceptions queue',
        signal,
      }),
    select: (data) => data.exceptions,
  });
}

export function useReconciliationSettings() {
  return useQuery({
    queryKey: statementKeys.settings,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/statements/settings', {
        schema: ZReconciliationSettings,
        operation: 'Loading reconciliation settings',
        signal,
      }),
  });
}

export function useStatementMapping(paymentMethodId: number | null) {
  return useQuery({
    queryKey: statementKeys.mapping(paymentMethodId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/statements/mappings/${paymentMethodId}`, {
        schema: ZMappingResponse,
        operation: 'Loading the column mapping',
        signal,
      }),
    enabled: paymentMethodId !== null,
    select: (data) => data.mapping,
  });
}

function useInvalidateStatements() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: statementKeys.all });
}

export function useImportStatement() {
  const invalidate = useInvalidateStatements();
  return useMutation({
    mutationFn: (body: TStatementUpload) =>
      apiRequest('/api/admin/statements', {
        method: 'POST',
        body,
        schema: ZImportResult,
        operation: 'Importing the statement',
        timeoutMs: 180_000,
      }),
    onSettled: invalidate,
  });
}

export function useResolveException() {
  const invalidate = useInvalidateStatements();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TResolveException }) =>
      apiRequest(`/api/admin/statements/exceptions/${id}/resolve`, {
        method: 'POST',
        body,
        schema: ZExceptionResponse,
        operation: 'Resolving the item',
      }),
    onSettled: invalidate,
  });
}

export function useSaveReconciliationSettings() {
  const invalidate = useInvalidateStatements();
  return useMutation({
    mutationFn: (body: TReconciliationSettings) =>
      apiRequest('/api/admin/statements/settings', {
        method: 'PUT',
        body,
        schema: ZReconciliationSettings,
        operation: 'Saving reconciliation settings',
      }),
    onSettled: invalidate,
  });
}

export function useSaveMapping() {
  const invalidate = useInvalidateStatements();
  return useMutation({
    mutationFn: ({ paymentMethodId, mapping }: { paymentMethodId: number; mapping: TColumnMapping }) =>
      apiRequest(`/api/admin/statements/mappings/${paymentMethodId}`, {
        method: 'PUT',
        body: mapping,
        schema: z.object({ mapping: ZColumnMapping }),
        operation: 'Saving the column mapping',
      }),
    onSettled: invalidate,
  });
}
