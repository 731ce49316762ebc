import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toast';
import { createQueryClient } from '../lib/query-client';
import { SessionGate } from './session-gate';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SessionGate>{children}</SessionGate>
      </ToastProvider>
    </QueryClientProvider>
  );
}
