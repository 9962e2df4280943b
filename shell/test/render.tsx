import { createQueryClient, type QueryClient, QueryProvider } from '@courseport/shared-ui';
import { LocationProbe, MemoryRouter, Route, Routes } from '@courseport/shared-ui/testing';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

/** A fresh query cache per test, without retries or their delays. */
export const testQueryClient = (): QueryClient =>
  createQueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/** Renders inside the providers the shell gives, at a route, showing the current path. */
export function renderAt(ui: ReactElement, path = '/', client: QueryClient = testQueryClient()) {
  return {
    client,
    ...render(
      <QueryProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </QueryProvider>,
    ),
  };
}
