import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { money, PUBLIC_CONFIG_PATH, useCurrency } from '../src/hooks/useCurrency';
import { createQueryClient, type QueryClient, QueryProvider, queryKeys } from '../src/query/index';
import { setRuntimeConfig } from '../src/runtime-config';
import { sessionStore } from '../src/session/store';

/** A real HTTP server standing in for the API's /api/config. */
let server: Server;
let answer: { status: number; body: string };
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  setRuntimeConfig({ apiBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, remotes: {} });
  sessionStore.setState({ getToken: async () => null });
  asked.length = 0;
  client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
});

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => <QueryProvider client={client}>{children}</QueryProvider>;

function Price({ amount }: { amount: number }) {
  return <li>{money(useCurrency(), amount)}</li>;
}

describe('useCurrency', () => {
  it("reads the platform's currency from /api/config", async () => {
    answer = { status: 200, body: JSON.stringify({ success: true, currency: 'INR' }) };
    const { result } = renderHook(() => useCurrency(), { wrapper });
    expect(result.current).toBe('Rs');
    await waitFor(() => expect(result.current).toBe('INR'));
    expect(asked).toEqual([PUBLIC_CONFIG_PATH]);
  });

  it('asks once for every component that shows a price, and not again when more mount later', async () => {
    answer = { status: 200, body: JSON.stringify({ success: true, currency: 'USD' }) };
    const prices = (amounts: number[]) => (
      <ul>
        {amounts.map((amount) => (
          <Price key={amount} amount={amount} />
        ))}
      </ul>
    );
    const { rerender } = render(prices([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]), { wrapper });
    expect(screen.getAllByText(/^Rs /)).toHaveLength(12);
    await waitFor(() => expect(screen.getAllByText(/^USD /)).toHaveLength(12));
    rerender(prices([13, 14, 15]));
    expect(screen.getAllByText(/^USD /)).toHaveLength(3);
    expect(asked).toEqual([PUBLIC_CONFIG_PATH]);
  });

  it('asks nothing when the cache already has the config (the shell puts the one it started with there)', async () => {
    client.setQueryData(queryKeys.config(), { success: true, currency: 'EUR' });
    const { result } = renderHook(() => useCurrency(), { wrapper });
    expect(result.current).toBe('EUR');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
  });

  it('keeps the default when the config cannot be read', async () => {
    answer = { status: 500, body: JSON.stringify({ success: false, message: 'down' }) };
    const { result } = renderHook(() => useCurrency(), { wrapper });
    await waitFor(() => expect(client.getQueryState(queryKeys.config())?.status).toBe('error'));
    expect(result.current).toBe('Rs');
  });

  it('writes amounts with the label and two decimals', () => {
    expect(money('Rs', 399.2)).toBe('Rs 399.20');
  });
});
