import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API_NODE_FLAGS } from '../node-flags.mjs';
import { freePort } from './support/http.js';

const API_DIR = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(API_DIR, 'src/server.ts');
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** Runs the real server entry point (through tsx) and collects its output. */
async function runServer(env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'courseport-server-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: API_DIR,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', MONGODB_URI: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  /** Polls the output until the server says it listens (or fails after 10 s, or when it exits). */
  const listening = async () => {
    for (let i = 0; !output.includes('Courseport API listening'); i++) {
      if (child.exitCode !== null) throw new Error(output);
      if (i >= 200) throw new Error(`The server did not say it listens within 10 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { child, dataDir, exited, listening, output: () => output };
}

describe('server entry point', () => {
  it("starts with the API's Node flags from the package's own start script too", async () => {
    const pkg = JSON.parse(await readFile(path.join(API_DIR, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    expect(pkg.scripts.start).toBe(`node ${API_NODE_FLAGS.join(' ')} dist/server.js`);
  });

  it('refuses to start with a clear message per bad variable', async () => {
    const server = await runServer({ PORT: 'abc', MONGODB_URI: 'http://nope' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Courseport API failed to start: Invalid configuration:');
    expect(server.output()).toMatch(/PORT: /);
    expect(server.output()).toContain('MONGODB_URI: must be a mongodb:// or mongodb+srv:// connection string');
  });

  it('names the port when it is already in use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const server = await runServer({ PORT: String(port) });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`Port ${port} is already in use`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('finishes in-flight requests on SIGTERM, then closes the store and exits 0', async () => {
    const port = await freePort();
    const server = await runServer({ PORT: String(port) });
    await server.listening();

    // A request whose body is still arriving when the signal comes.
    const response = new Promise<{ status?: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/health',
          headers: { 'Content-Type': 'application/json' },
        },
        (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode, body }));
        },
      );
      req.on('error', reject);
      req.write('{"slow":');
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end('true}'), 300);
      }, 100);
    });

    const answered = await response;
    expect(answered.status).toBe(405);
    expect(JSON.parse(answered.body)).toEqual({ success: false, message: 'Method not allowed' });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down: finishing in-flight requests');
    expect(server.output()).toContain('"msg":"stopped"');
    // New connections are refused once it has stopped.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    // Local mode created its signing key, readable by the owner only.
    const key = await stat(path.join(server.dataDir, 'auth/local-issuer-key.pem'));
    expect(key.mode & 0o777).toBe(0o600);
  });

  it('starts in production mode by default and refuses to without a payment gateway or a mail transport', async () => {
    const server = await runServer({ NODE_ENV: '', COURSEPORT_MODE: '', DEMO_SEED: 'true' });
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output).toContain('Courseport API failed to start: Invalid configuration:');
    expect(output).toContain('DEMO_SEED: demo data is never seeded in production mode');
    expect(output).toContain('STRIPE_SECRET_KEY: a real payment gateway is required in production mode');
    expect(output).toContain('SMTP_URL: local accounts need a mail transport in production mode');
  });

  it('runs in production with the right variables: no demo data, no outbox, the mode on /api/config', async () => {
    const port = await freePort();
    const server = await runServer({
      NODE_ENV: 'production',
      COURSEPORT_MODE: '',
      PORT: String(port),
      ALLOW_SIMULATED_PAYMENTS: 'true',
      SMTP_URL: 'smtp://127.0.0.1:9',
      DEMO_SEED: '',
    });
    await server.listening();
    const base = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${base}/api/config`)).json()).toMatchObject({ mode: 'production' });
    expect(await (await fetch(`${base}/api/course/all`)).json()).toMatchObject({ courses: [], total: 0 });
    expect((await fetch(`${base}/api/auth/dev-outbox`)).status).toBe(404);
    const demoAdmin = await fetch(`${base}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@courseport.dev', password: 'courseport-demo' }),
    });
    expect(demoAdmin.status).toBe(401);
  });

  it('runs the demo when asked to: demo data, outbox on loopback, the mode on /api/config', async () => {
    const port = await freePort();
    const server = await runServer({
      NODE_ENV: 'production',
      COURSEPORT_MODE: 'demo',
      PORT: String(port),
      DEMO_SEED: 'true',
    });
    await server.listening();
    const base = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${base}/api/config`)).json()).toMatchObject({ mode: 'demo', paymentMode: 'local' });
    expect(((await (await fetch(`${base}/api/course/all`)).json()) as { total: number }).total).toBeGreaterThan(0);
    expect((await fetch(`${base}/api/auth/dev-outbox`)).status).toBe(200);
    expect(server.output()).toContain('Demo mode: payments are simulated');
    // A method Node's own parser does not know still gets the API's answer.
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end('FOO /api/health HTTP/1.1\r\nHost: x\r\n\r\n'));
      let text = '';
      socket.on('data', (c) => (text += c));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 501 /);
    expect(raw).toContain('"success":false');
  });
});
