import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { money, PUBLIC_CONFIG_PATH, useCurrency } from '../src/hooks/useCurrency';
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
});

describe('useCurrency', () => {
  it("reads the platform's currency from /api/config", async () => {
    answer = { status: 200, body: JSON.stringify({ success: true, currency: 'INR' }) };
    const { result } = renderHook(() => useCurrency());
    expect(result.current).toBe('Rs');
    await waitFor(() => expect(result.current).toBe('INR'));
    expect(asked).toEqual([PUBLIC_CONFIG_PATH]);
  });

  it('writes amounts with the label and two decimals', () => {
    expect(money('Rs', 399.2)).toBe('Rs 399.20');
  });
});
