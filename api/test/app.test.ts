import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../src/app.js';
import { HttpError } from '../src/http/errors.js';
import { answerClientError } from '../src/http/middleware/error-handler.js';
import { parseInput } from '../src/http/validate.js';
import type { Store } from '../src/store/index.js';
import { StoreUnavailableError } from '../src/store/index.js';
import { SHELL_ORIGIN, startTestApi, type TestApi } from './support/http.js';

describe('API foundation over HTTP', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      app(app) {
        // Probe routes mounted behind the real middleware stack, to exercise the error handler.
        const probe = new Router({ prefix: '/probe' });
        probe.get('/boom', () => {
          throw new Error('secret internal detail at /srv/app.js:12');
        });
        probe.get('/db-down', () => {
          throw new StoreUnavailableError();
        });
        probe.post('/echo', (ctx) => {
          const input = parseInput(z.object({ name: z.string().min(1) }), ctx.request.body);
          ctx.body = { success: true, input };
        });
        probe.get('/teapot', () => {
          throw new HttpError(418, 'I am a teapot');
        });
        app.use(probe.routes());
      },
    });
  });
  afterAll(() => api.close());

  it('reports health with the store status', async () => {
    const { status, body, headers } = await api.json('/api/health');
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, status: 'ok', store: { kind: 'embedded', ok: true } });
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it('answers unknown routes with a 404 envelope', async () => {
    const { status, body } = await api.json('/api/nope');
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, message: 'Not found' });
  });

  it('answers a wrong method with 405', async () => {
    const { status, body } = await api.json('/api/health', { method: 'DELETE' });
    expect(status).toBe(405);
    expect(body).toEqual({ success: false, message: 'Method not allowed' });
  });

  it('turns thrown errors into a generic 500 without leaking details', async () => {
    const res = await api.request('/probe/boom');
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(JSON.parse(text)).toEqual({
      success: false,
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(text).not.toContain('secret');
    expect(text).not.toContain('.js');
  });

  it('maps an unreachable store to 503', async () => {
    const { status, body } = await api.json('/probe/db-down');
    expect(status).toBe(503);
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/database is not reachable/);
  });

  it('keeps the status and message of an HttpError', async () => {
    expect(await api.json('/probe/teapot')).toMatchObject({
      status: 418,
      body: { success: false, message: 'I am a teapot' },
    });
  });

  it('rejects malformed JSON with 400', async () => {
    const { status, body } = await api.json('/probe/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":',
    });
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, message: 'Malformed request body' });
  });

  it('rejects bodies over the JSON limit with 413', async () => {
    const { status, body } = await api.json('/probe/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(200_000) }),
    });
    expect(status).toBe(413);
    expect(body).toEqual({ success: false, message: 'Request body is too large' });
  });

  it('validates input, names the field and drops unknown keys', async () => {
    const bad = await api.json('/probe/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 42 }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Name /);
    const good = await api.json('/probe/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', isAdmin: true, __proto__: { polluted: true } }),
    });
    expect(good).toMatchObject({ status: 200, body: { success: true, input: { name: 'Ada' } } });
    expect(good.body.input).not.toHaveProperty('isAdmin');
  });

  it('allows CORS only for configured origins', async () => {
    const allowed = await api.request('/api/health', { headers: { Origin: SHELL_ORIGIN } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(SHELL_ORIGIN);
    const denied = await api.request('/api/health', { headers: { Origin: 'https://evil.example' } });
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await api.request('/api/health', {
      method: 'OPTIONS',
      headers: {
        Origin: SHELL_ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SHELL_ORIGIN);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(preflight.headers.get('access-control-max-age')).toBe('600');
  });

  it('lets allowed pages read credentials, ETags and request ids, also from error answers', async () => {
    const allowed = await api.request('/api/health', { headers: { Origin: SHELL_ORIGIN } });
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(allowed.headers.get('access-control-expose-headers')).toMatch(/ETag/);
    expect(allowed.headers.get('vary')).toMatch(/Origin/);
    const failed = await api.request('/probe/boom', { headers: { Origin: SHELL_ORIGIN } });
    expect(failed.status).toBe(500);
    expect(failed.headers.get('access-control-allow-origin')).toBe(SHELL_ORIGIN);

    const foreignPreflight = await api.request('/api/health', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(foreignPreflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreignPreflight.headers.get('access-control-allow-methods')).toBeNull();
    const anonymous = await api.request('/api/health');
    expect(anonymous.headers.get('access-control-allow-origin')).toBeNull();
    expect(anonymous.headers.get('vary')).toMatch(/Origin/);
  });

  it('sends security headers and a request id', async () => {
    const res = await api.request('/api/health', { headers: { 'X-Request-Id': 'trace-12345678' } });
    expect(res.headers.get('x-request-id')).toBe('trace-12345678');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    // Document-only headers are left to the one page the API serves (the local checkout).
    expect(res.headers.get('referrer-policy')).toBeNull();
    const generated = await api.request('/api/health', { headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('health when the store is down', () => {
  it('answers 503 with the store status (readiness) while liveness stays 200', async () => {
    const downStore = {
      kind: 'mongodb',
      ping: async () => false,
      writeVersion: () => 0,
      ensureIndexes: async () => {},
      close: async () => {},
      collection: () =>
        new Proxy(
          {},
          {
            get: () => async () => {
              throw new StoreUnavailableError();
            },
          },
        ),
    } as unknown as Store;
    const api = await startTestApi({ store: downStore });
    try {
      const { status, body } = await api.json('/api/health');
      expect(status).toBe(503);
      expect(body).toMatchObject({
        success: false,
        message: 'The database is not reachable',
        store: { kind: 'mongodb', ok: false },
      });
      // Not ready, but alive: a load balancer sends no traffic, and does not restart it.
      expect(await api.json('/api/health/live')).toMatchObject({
        status: 200,
        body: { success: true, status: 'live' },
      });
    } finally {
      await api.close();
    }
  });
});

describe('request bodies', () => {
  it('refuses a form-encoded or plain-text body on the API (no login CSRF from an HTML form)', async () => {
    const api = await startTestApi();
    try {
      for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
        const res = await api.json('/api/auth/sign-in', {
          method: 'POST',
          headers: { 'Content-Type': type, Origin: 'http://evil.example' },
          body: 'email=victim%40example.com&password=attacker-password',
        });
        expect(res).toMatchObject({
          status: 415,
          body: { success: false, message: 'Expected a JSON body (Content-Type: application/json)' },
        });
        expect(res.headers.get('set-cookie')).toBeNull();
      }
    } finally {
      await api.close();
    }
  });
});

describe('HTTP methods', () => {
  // The app behind a server of its own, wired as server.ts wires it, with a logger that keeps every line.
  let base: TestApi;
  let server: Server;
  let port: number;
  const lines: Array<{ level: number; msg: string; status?: number; err?: unknown }> = [];
  beforeAll(async () => {
    base = await startTestApi();
    const logger = pino({ level: 'trace' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    server = createServer(createApp({ ...base.deps, logger }).callback());
    server.on('clientError', answerClientError);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await base.close();
  });

  /** node:http, because fetch refuses TRACE and CONNECT outright. */
  const send = (method: string, path: string) =>
    new Promise<{ status: number; allow: string | undefined; body: unknown }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method, path, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            allow: res.headers.allow,
            body: JSON.parse(Buffer.concat(chunks).toString()),
          }),
        );
      });
      req.on('error', reject);
      req.end();
    });

  it('answers methods no route takes with 501 and the envelope, and logs no error', async () => {
    const before = lines.length;
    for (const [method, path] of [
      ['TRACE', '/api/health'],
      ['PROPFIND', '/api/course/all'],
      ['MKCOL', '/api/user/add-rating'],
      ['TRACE', '/nowhere'],
      ['SEARCH', '/checkout/abc'],
    ]) {
      expect(await send(method as string, path as string), `${method} ${path}`).toMatchObject({
        status: 501,
        body: { success: false, message: 'This method is not supported' },
      });
    }
    const logged = lines.slice(before);
    expect(logged.filter((line) => line.msg === 'request').map((line) => line.status)).toEqual([
      501, 501, 501, 501, 501,
    ]);
    expect(logged.filter((line) => line.level >= 50 || line.err !== undefined)).toEqual([]);
  });

  it('answers a method Node’s HTTP parser does not know (FOO) with 501 and the envelope', async () => {
    expect(await send('FOO', '/api/health')).toEqual({
      status: 501,
      allow: undefined,
      body: { success: false, message: 'This method is not supported' },
    });
    // The server still answers, on a new connection.
    expect((await send('GET', '/api/health')).status).toBe(200);
  });

  it('answers a method the path does not take with 405 and Allow, and logs no error', async () => {
    const before = lines.length;
    expect(await send('DELETE', '/api/health')).toEqual({
      status: 405,
      allow: 'HEAD, GET',
      body: { success: false, message: 'Method not allowed' },
    });
    expect(await send('PUT', '/api/user/add-rating')).toEqual({
      status: 405,
      allow: 'POST',
      body: { success: false, message: 'Method not allowed' },
    });
    expect(await send('PATCH', '/checkout/abc')).toMatchObject({ status: 405, allow: 'HEAD, GET' });
    expect(lines.slice(before).filter((line) => line.level >= 50 || line.err !== undefined)).toEqual([]);
  });
});
