/**
 * The shell's server forwards the API's paths to the API (one origin). Here the "API"
 * is a small server that records what reached it, so the test sees both sides of the proxy.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_IDLE_CONNECTION_MS, createApiForwarder, isApiPath } from '../../shell/server/api-proxy.mjs';
import { createStaticServer, listen } from '../../shell/server/static-server.mjs';

type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;
type Received = { method?: string; url?: string; headers: IncomingMessage['headers']; body: Buffer };

let upstream: Server;
let upstreamPort: number;
let onRequest: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
let handler: Handler;
let received: Received[] = [];

let shell: Server;
let shellUrl: string;
let forwarder: ReturnType<typeof createApiForwarder>;
let root: string;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    if (onRequest) return onRequest(req, res);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      received.push({ method: req.method, url: req.url, headers: req.headers, body });
      handler(req, res, body);
    });
  });
  upstreamPort = await listen(upstream, 0, '127.0.0.1', 'fake API');

  root = await mkdtemp(path.join(tmpdir(), 'courseport-proxy-'));
  await writeFile(path.join(root, 'index.html'), '<!doctype html><html><head></head><body>shell</body></html>');
  forwarder = createApiForwarder({ target: () => `http://127.0.0.1:${upstreamPort}` });
  shell = createStaticServer({ root, spa: true, forward: { matches: isApiPath, handle: forwarder } });
  shellUrl = `http://localhost:${await listen(shell, 0, '127.0.0.1', 'shell')}`;
});
afterAll(async () => {
  forwarder?.close();
  shell?.closeAllConnections();
  upstream?.closeAllConnections();
  await Promise.all([shell, upstream].map((s) => new Promise((resolve) => s?.close(resolve))));
  await rm(root, { recursive: true, force: true });
});
beforeEach(() => {
  received = [];
  onRequest = null;
  handler = (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"success":true}');
  };
});

describe("the shell's server forwards the API's paths", () => {
  it('passes a POST body through unchanged, and the answer with its status and every Set-Cookie', async () => {
    const payload = randomBytes(300_000).toString('base64'); // larger than any socket buffer
    handler = (_req, res, body) => {
      res.writeHead(201, [
        ['Content-Type', 'application/json'],
        ['Set-Cookie', 'cp_session=abc; Path=/api/auth; HttpOnly; SameSite=Lax'],
        ['Set-Cookie', 'other=1; Path=/'],
        ['X-Request-Id', 'r-1'],
      ]);
      res.end(JSON.stringify({ success: true, length: body.length }));
    };
    const res = await fetch(`${shellUrl}/api/auth/login?x=1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: 'a=b' },
      body: JSON.stringify({ payload }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true, length: JSON.stringify({ payload }).length });
    expect(res.headers.getSetCookie()).toEqual([
      'cp_session=abc; Path=/api/auth; HttpOnly; SameSite=Lax',
      'other=1; Path=/',
    ]);
    expect(res.headers.get('x-request-id')).toBe('r-1');
    // None of the static server's own headers are added to the API's answer.
    expect(res.headers.get('x-content-type-options')).toBeNull();

    const seen = received[0] as Received;
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/api/auth/login?x=1');
    expect(seen.body.toString()).toBe(JSON.stringify({ payload }));
    expect(seen.headers.cookie).toBe('a=b');
    expect(seen.headers['content-type']).toBe('application/json');
  });

  it.each(['PUT', 'PATCH', 'DELETE', 'OPTIONS'])(
    'forwards %s (the static files answer only GET and HEAD)',
    async (method) => {
      handler = (req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ method: req.method }));
      };
      const res = await fetch(`${shellUrl}/api/thing`, { method });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ method });
      const page = await fetch(`${shellUrl}/course-list`, { method: method === 'OPTIONS' ? 'POST' : method });
      expect(page.status).toBe(405);
    },
  );

  it("forwards /api, /api/*, /checkout/* and nothing else (the shell's pages stay the shell's)", async () => {
    handler = (req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end(`api:${req.url}`);
    };
    for (const url of ['/api', '/api/health', '/checkout/cs_local_1', '/checkout/cs_local_1/pay'])
      expect(await fetch(shellUrl + url).then((r) => r.text())).toBe(`api:${url}`);
    for (const url of ['/', '/apis', '/course-list', '/checkouts'])
      expect(await fetch(shellUrl + url).then((r) => r.text())).toContain('shell');
    expect(received.map((r) => r.url)).toEqual([
      '/api',
      '/api/health',
      '/checkout/cs_local_1',
      '/checkout/cs_local_1/pay',
    ]);
  });

  it("appends the client's address to X-Forwarded-For and says what it received itself", async () => {
    // A client's own forwarding headers: its X-Forwarded-For entries stay on the left, where an API
    // trusting one proxy (it reads the right-most entry) never looks; its -Proto/-Host are replaced.
    await fetch(`${shellUrl}/api/health`, {
      headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'evil.example' },
    });
    await fetch(`${shellUrl}/api/health`);
    const [spoofed, plain] = received as [Received, Received];
    expect(spoofed.headers['x-forwarded-for']).toMatch(/^203\.0\.113\.9,(::ffff:)?127\.0\.0\.1$/);
    expect(plain.headers['x-forwarded-for']).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    for (const seen of [spoofed, plain]) {
      expect(seen.headers['x-forwarded-proto']).toBe('http');
      expect(seen.headers['x-forwarded-host']).toBe(new URL(shellUrl).host);
      // The Host header is the browser's too (the API's links are built from its configuration).
      expect(seen.headers.host).toBe(new URL(shellUrl).host);
    }
  });

  it('streams both ways: the API reads the body while it is sent, the client reads the answer while it is written', async () => {
    let clientChunk!: () => void;
    const firstChunkReceived = new Promise<void>((resolve) => {
      clientChunk = resolve;
    });
    let apiSawFirstChunk!: () => void;
    const apiGotChunk = new Promise<void>((resolve) => {
      apiSawFirstChunk = resolve;
    });
    onRequest = (req, res) => {
      req.once('data', () => apiSawFirstChunk());
      req.on('end', async () => {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.write('first;');
        // The rest only once the client has the first part: a buffering proxy would wait forever.
        await firstChunkReceived;
        res.end('last');
      });
      req.resume();
    };
    const text = await new Promise<string>((resolve, reject) => {
      const req = request(
        `${shellUrl}/api/stream`,
        { method: 'POST', headers: { 'Content-Type': 'text/plain' } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
            if (body.includes('first;')) clientChunk();
          });
          res.on('end', () => resolve(body));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.write('part one;');
      // The rest of the body only once the API has the first part.
      apiGotChunk.then(() => req.end('part two'));
    });
    expect(text).toBe('first;last');
  });

  it('answers 502 with the JSON envelope when the API is down', async () => {
    const closed = createServer();
    const port = await listen(closed, 0, '127.0.0.1', 'closed');
    await new Promise((resolve) => closed.close(resolve));
    const down = createApiForwarder({ target: () => `http://127.0.0.1:${port}` });
    const server = createStaticServer({ root, forward: { matches: isApiPath, handle: down } });
    const url = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1', 'shell (API down)')}`;
    try {
      for (const [method, pathname] of [
        ['GET', '/api/course/all'],
        ['POST', '/api/user/purchase'],
        ['GET', '/checkout/cs_local_1'],
      ]) {
        const res = await fetch(url + pathname, { method, ...(method === 'POST' ? { body: '{}' } : {}) });
        expect(res.status).toBe(502);
        expect(res.headers.get('content-type')).toContain('application/json');
        expect(await res.json()).toEqual({ success: false, message: 'The API is unavailable' });
      }
    } finally {
      down.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("closes an idle connection to the API itself, before the API's keep-alive timeout could close it under a request", async () => {
    // The API keeps it open longer here, so only the shell's side can be the one closing it.
    const keepAlive = upstream.keepAliveTimeout;
    upstream.keepAliveTimeout = 30_000;
    try {
      let socket: import('node:net').Socket | undefined;
      onRequest = (req, res) => {
        socket = req.socket;
        req.resume();
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"success":true}');
      };
      expect((await fetch(`${shellUrl}/api/ping`)).status).toBe(200);
      const idleFrom = Date.now();
      await new Promise((resolve) => socket?.once('close', resolve));
      const idle = Date.now() - idleFrom;
      expect(idle).toBeGreaterThanOrEqual(API_IDLE_CONNECTION_MS - 250);
      // Node's default keep-alive timeout, the API's: the shell's side closes first.
      expect(API_IDLE_CONNECTION_MS).toBeLessThan(5_000);
    } finally {
      upstream.keepAliveTimeout = keepAlive;
    }
  }, 15_000);

  it('cuts the answer off when the API fails in the middle of it', async () => {
    onRequest = (req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '100' });
      res.write('only part of it', () => res.destroy());
    };
    await expect(fetch(`${shellUrl}/api/broken`).then((r) => r.text())).rejects.toThrow();
  });
});
