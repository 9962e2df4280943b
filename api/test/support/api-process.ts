import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { expect } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { INDEXES } from '../../src/indexes.js';
import { buildAuth } from '../../src/modules/auth/index.js';
import { mailerFor } from '../../src/modules/mail/service.js';
import { seedDemo } from '../../src/seed/demo.js';
import { openEmbeddedStore } from '../../src/store/embedded.js';
import type { Store } from '../../src/store/index.js';
import { openMongoStore } from '../../src/store/mongodb.js';

/**
 * The API as a real process (its entry point through tsx), for the tests that kill it (SIGKILL)
 * and start it again on the same data: `crash.test.ts`, `coupon-crash.test.ts`.
 */

const API_DIR = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(API_DIR, 'src/server.ts');
export const PASSWORD = 'crash test password';

const children: ChildProcess[] = [];
const dirs: string[] = [];

/** `afterEach`: kills what is still running and removes the data folders. */
export async function cleanUpApiProcesses(): Promise<void> {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
}

/** A data folder removed after the test. */
export async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'courseport-crash-'));
  dirs.push(dir);
  return dir;
}

/** Opens the store the API runs on (only while it is stopped, for the embedded one). */
export const storeOpener = (dataDir: string, mongodb: string | undefined) => (): Promise<Store> =>
  mongodb ? openMongoStore(mongodb) : openEmbeddedStore(dataDir, { logger: pino({ level: 'silent' }) });

export type Api = { child: ChildProcess; base: string; output: () => string; exited: Promise<unknown> };

/** The real entry point (through tsx) in demo mode, on `dataDir` (or MongoDB), answering health. */
export async function startApi(
  dataDir: string,
  port: number,
  mongodb: string | undefined,
  env: Record<string, string> = {},
): Promise<Api> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      COURSEPORT_MODE: 'demo',
      DEMO_SEED: 'true',
      DATA_DIR: dataDir,
      MONGODB_URI: mongodb ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      PUBLIC_APP_URL: 'http://localhost:3000',
      PUBLIC_API_URL: base,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`The API exited (${child.exitCode}):\n${output}`);
    const healthy = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { child, base, output: () => output, exited };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`The API did not become healthy:\n${output}`);
}

export async function stopApi(api: Api, signal: NodeJS.Signals) {
  if (api.child.exitCode !== null || api.child.signalCode !== null) return;
  api.child.kill(signal);
  await api.exited;
}

export type Student = {
  email: string;
  userId: string;
  token: string;
  confirmed: Array<{ purchaseId: string; courseId: string }>;
};
export type Answer = { status: number; body: Record<string, unknown> };

export async function post(base: string, pathname: string, body: unknown, token: string): Promise<Answer> {
  const res = await fetch(base + pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * The demo catalog (as the API seeds it at its first start) and verified accounts made the way the
 * create-account CLI makes them, written before the API starts (one process owns the embedded files).
 */
export async function seedAndCreateAccounts(
  open: () => Promise<Store>,
  dataDir: string,
  base: string,
  count: number,
  tag: string,
): Promise<string[]> {
  const store = await open();
  try {
    await store.ensureIndexes(INDEXES);
    const config = loadConfig({
      NODE_ENV: 'test',
      COURSEPORT_MODE: 'demo',
      DEMO_SEED: 'true',
      DATA_DIR: dataDir,
      PUBLIC_APP_URL: 'http://localhost:3000',
      PUBLIC_API_URL: base,
    });
    const logger = pino({ level: 'silent' });
    const mailer = mailerFor(config, store, systemClock, logger);
    const auth = await buildAuth(config, store, systemClock, mailer);
    expect(await seedDemo({ config, store, clock: systemClock, logger, auth, mailer })).toBe(true);
    const emails = Array.from({ length: count }, (_, i) => `crash-${tag}-${i}@example.com`);
    await Promise.all(
      emails.map((email, i) =>
        auth.local?.createAccount({ name: `Crash ${i}`, email, password: PASSWORD, emailVerified: true }),
      ),
    );
    mailer.close();
    // Its revocation poller would otherwise read the sessions again after the store is closed.
    auth.close();
    return emails;
  } finally {
    await store.close();
  }
}

export async function signIn(base: string, emails: string[]): Promise<Student[]> {
  return Promise.all(
    emails.map(async (email) => {
      const res = await fetch(`${base}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(res.status).toBe(200);
      const { token, user } = (await res.json()) as { token: string; user: { id: string } };
      expect((await post(base, '/api/user/create', { name: email.split('@')[0] }, token)).status).toBe(201);
      return { email, userId: user.id, token, confirmed: [] };
    }),
  );
}
