import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, NETWORK_ERROR_MESSAGE } from '../src/api/client';
import { setRuntimeConfig } from '../src/runtime-config';
import { sessionStore } from '../src/session/store';

/** A real HTTP server whose answers the tests choose, recording what the client sent. */
let server: Server;
let baseUrl: string;
let last: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string };
let reply: { status: number; body: string } = { status: 200, body: '{"success":true}' };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      last = { method: req.method, url: req.url, headers: req.headers, body };
      res.writeHead(reply.status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  setRuntimeConfig({ apiBaseUrl: baseUrl, remotes: {} });
  sessionStore.setState({ getToken: async () => null });
  reply = { status: 200, body: '{"success":true}' };
});

describe('api client', () => {
  it('calls the API base URL from the runtime config and returns the envelope', async () => {
    reply = { status: 200, body: JSON.stringify({ success: true, courses: [{ _id: 'c1' }] }) };
    const result = await api.get<{ courses: { _id: string }[] }>('/api/course/all');
    expect(result.courses).toEqual([{ _id: 'c1' }]);
    expect(last.method).toBe('GET');
    expect(last.url).toBe('/api/course/all');
    expect(last.headers.authorization).toBeUndefined();
  });

  it('attaches the bearer token from the session store and sends JSON', async () => {
    sessionStore.setState({ getToken: async () => 'tok-123' });
    await api.post('/api/user/add-rating', { courseId: 'c1', rating: 4 });
    expect(last.method).toBe('POST');
    expect(last.headers.authorization).toBe('Bearer tok-123');
    expect(last.headers['content-type']).toBe('application/json');
    expect(JSON.parse(last.body)).toEqual({ courseId: 'c1', rating: 4 });
  });

  it('asks for a request that outlives the page only when told (a save sent while leaving)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      await api.post('/api/user/save-position', { seconds: 1 }, { keepalive: true });
      await api.post('/api/user/save-position', { seconds: 2 });
      expect(fetchSpy.mock.calls.map(([, init]) => init?.keepalive)).toEqual([true, undefined]);
      expect(JSON.parse(last.body)).toEqual({ seconds: 2 });
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('throws the server message for an error status', async () => {
    reply = { status: 403, body: JSON.stringify({ success: false, message: 'Educator access required' }) };
    const error = await api.get('/api/educator/courses').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Educator access required', status: 403 });
  });

  it('throws when the envelope says success is false, even with 200', async () => {
    reply = { status: 200, body: JSON.stringify({ success: false, message: 'User not found' }) };
    await expect(api.get('/api/user/data')).rejects.toMatchObject({ message: 'User not found', status: 200 });
  });

  it('names the status when the body is not JSON', async () => {
    reply = { status: 502, body: '<html>Bad gateway</html>' };
    await expect(api.get('/api/course/all')).rejects.toMatchObject({
      message: 'Request failed with status 502',
      status: 502,
    });
  });

  it('reports an unreachable server clearly', async () => {
    setRuntimeConfig({ apiBaseUrl: 'http://127.0.0.1:9', remotes: {} });
    await expect(api.get('/api/health')).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE, status: 0 });
  });
});
