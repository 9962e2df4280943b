import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './client';

/**
 * Gives the tree the platform's one query client (the shell's root and each standalone portal
 * render it; a portal inside the shell already has it). Tests pass their own `client`.
 */
export function QueryProvider({ client = queryClient, children }: { client?: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
