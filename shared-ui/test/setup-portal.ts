// Shared set-up for the portals' component tests: the API client is mocked, and each test answers it
// through the kit (apiMocks, mockGet, mockPost); a test may fix the currency label (setCurrencyLabel).
import { useCurrency } from '@courseport/shared-ui';
import { afterEach, vi } from 'vitest';

vi.mock('@courseport/shared-ui', async (orig) => {
  const actual = await orig<typeof import('@courseport/shared-ui')>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), download: vi.fn() },
    apiRequest: vi.fn(),
    useCurrency: vi.fn(actual.useCurrency),
  };
});

afterEach(() => {
  vi.mocked(useCurrency).mockReset();
});
