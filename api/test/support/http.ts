import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Koa from 'koa';
import pino, { type Logger } from 'pino';
import { createApp } from '../../src/app.js';
import type { Clock } from '../../src/clock.js';
import { type Config, loadConfig } from '../../src/config.js';
import type { AppDeps } from '../../src/deps.js';
import { INDEXES } from '../../src/indexes.js';
import { createLimits } from '../../src/limits/index.js';
import { buildAuth } from '../../src/modules/auth/index.js';
import { mailerFor } from '../../src/modules/mail/service.js';
import { buildPayments, type Payments } from '../../src/payments/index.js';
import { openEmbeddedStore } from '../../src/store/embedded.js';
import type { Store } from '../../src/store/index.js';

export const SHELL_ORIGIN = 'http://localhost:3000';

let signingKey: Promise<string> | undefined;
/**
 * One RSA key per test process: generating 2048-bit keys is the slow part of starting an app.
 * Every app a test starts signs its local tokens with it, so tests can mint tokens of their own.
 */
export function testSigningKey(): Promise<string> {
  signingKey ??= Promise.resolve(
    generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
  return signingKey;
}

export interface TestApi {
  url: string;
  deps: AppDeps;
  request(pathname: string, init?: RequestInit): Promise<Response>;
  json<T = Record<string, unknown>>(
    pathname: string,
    init?: RequestInit,
  ): Promise<{ status: number; body: T; headers: Headers }>;
  close(): Promise<void>;
}

/** The real app over real HTTP on a free loopback port, on a fresh embedded store. */
export async function startTestApi(
  overrides: {
    store?: Store;
    wrapStore?: (store: Store) => Store;
    clock?: Clock;
    config?: Partial<Config>;
    app?: (app: Koa) => void;
    payments?: (config: Config, store: Store, clock: Clock) => Payments;
    logger?: Logger;
  } = {},
): Promise<TestApi> {
  const dir = await mkdtemp(path.join(tmpdir(), 'courseport-api-'));
  const opened = overrides.store ?? (await openEmbeddedStore(dir));
  const store = overrides.wrapStore ? overrides.wrapStore(opened) : opened;
  await store.ensureIndexes(INDEXES);
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, ALLOWED_ORIGINS: SHELL_ORIGIN }),
    ...overrides.config,
  };
  const clock = overrides.clock ?? { now: () => new Date() };
  const logger = overrides.logger ?? pino({ level: 'silent' });
  const mailer = mailerFor(config, store, clock, logger);
  const auth = await buildAuth(config, store, clock, mailer, await testSigningKey());
  const payments = overrides.payments?.(config, store, clock) ?? buildPayments(config, store, clock);
  const limits = createLimits(store);
  const deps: AppDeps = { config, store, clock, logger, auth, payments, mailer, limits };
  const app = createApp(deps);
  overrides.app?.(app);
  const server: Server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const request = (pathname: string, init?: RequestInit) => fetch(url + pathname, init);
  return {
    url,
    deps,
    request,
    async json(pathname, init) {
      const res = await request(pathname, init);
      return { status: res.status, body: (await res.json()) as never, headers: res.headers };
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      auth.close();
      await limits.close();
      await mailer.settle();
      mailer.close();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A GET that leaves the body as sent (fetch would decompress it). */
export function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** A port nobody listens on right now (for servers the tests start as processes). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
