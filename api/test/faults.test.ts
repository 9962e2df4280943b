import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_STORE_USER_DATA_MAX_AGE_MS } from '../src/modules/users/service.js';
import { openMongoStore } from '../src/store/mongodb.js';
import { freePort, startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';

/** The FerretDB binary .ci/run installs; without it this suite cannot stop a real database. */
function ferretdbBinary(): string | null {
  for (const candidate of [
    process.env.FERRETDB_BIN,
    'ferretdb',
    path.join(process.env.HOME ?? '', 'go/bin/ferretdb'),
  ]) {
    if (!candidate) continue;
    try {
      execFileSync(candidate, ['--version'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // try the next one
    }
  }
  return null;
}

const binary = ferretdbBinary();
if (!binary) {
  if (process.env.CI && !process.env.MONGO_SKIP_REASON)
    throw new Error('FerretDB is missing: CI must run the store fault suite.');
  console.warn('[faults] SKIPPING the store fault suite: no ferretdb binary on this machine.');
}

describe.runIf(binary)('the database going away and coming back', () => {
  let dir: string;
  let port: number;
  let ferret: ChildProcess | null = null;
  let api: TestApi;

  async function startFerret() {
    ferret = spawn(
      binary as string,
      [
        '--handler=sqlite',
        `--sqlite-url=file:${dir}/`,
        `--state-dir=${dir}`,
        `--listen-addr=127.0.0.1:${port}`,
        '--debug-addr=-',
        '--telemetry=disable',
        '--log-level=error',
      ],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 100; i++) {
      const up = await new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.end();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
      if (up) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('FerretDB did not start');
  }

  async function stopFerret() {
    const child = ferret;
    ferret = null;
    if (!child || child.exitCode !== null) return;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGKILL');
    });
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'courseport-fault-'));
    port = await freePort();
    await startFerret();
    const store = await openMongoStore(`mongodb://127.0.0.1:${port}/`, {
      defaultDbName: 'faults',
      serverSelectionTimeoutMS: 2000,
    });
    api = await startTestApi({ store });
  }, 60_000);
  afterAll(async () => {
    await api?.close().catch(() => {});
    await stopFerret();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers 503 with a clear message while it is down, writes nothing half, and recovers without a restart', {
    timeout: 60_000,
  }, async () => {
    const user = await userWithProfile(api, 'steady@example.com');
    expect((await api.json('/api/user/data', { headers: bearer(user.token) })).status).toBe(200);

    await stopFerret();
    const health = await api.json('/api/health');
    expect(health).toMatchObject({ status: 503, body: { success: false, store: { kind: 'mongodb', ok: false } } });
    // User data read less than a second ago may still be answered from memory (`cachedUserData`);
    // past that, it needs the database.
    await new Promise((r) => setTimeout(r, SHARED_STORE_USER_DATA_MAX_AGE_MS + 100));
    const down = await api.json('/api/user/data', { headers: bearer(user.token) });
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      success: false,
      message: 'Service temporarily unavailable: the database is not reachable. Please try again shortly.',
    });
    const write = await postJson(
      api,
      '/api/user/update-roles',
      { action: 'remove', role: 'student' },
      bearer(user.token),
    );
    expect(write.status).toBe(503);

    await startFerret();
    let recovered = 0;
    for (let i = 0; i < 40 && recovered !== 200; i++) {
      recovered = (await api.json('/api/user/data', { headers: bearer(user.token) })).status;
      if (recovered !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(recovered).toBe(200);
    // The refused write did not happen.
    expect((await api.json('/api/user/data', { headers: bearer(user.token) })).body.user).toMatchObject({
      roles: ['student'],
    });
    expect((await api.json('/api/health')).status).toBe(200);
  });
});
