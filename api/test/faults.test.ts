import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MongoTestServer, missingPrerequisite, startMongoTestServer } from '../../scripts/mongo-test-server.mjs';
import { SHARED_STORE_USER_DATA_MAX_AGE_MS } from '../src/modules/users/service.js';
import { openMongoStore } from '../src/store/mongodb.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';

const unavailable = process.env.MONGO_SKIP_REASON ?? missingPrerequisite();
if (unavailable) {
  if (process.env.CI && !process.env.MONGO_SKIP_REASON)
    throw new Error(`${unavailable}: CI must run the store fault suite (.ci/run installs FerretDB and PostgreSQL).`);
  console.warn(`[faults] SKIPPING the store fault suite: ${unavailable}.`);
}

describe.runIf(!unavailable)('the database going away and coming back', () => {
  let server: MongoTestServer;
  let api: TestApi;

  beforeAll(async () => {
    // Its own FerretDB and PostgreSQL: this suite stops FerretDB, the other suites share theirs.
    server = await startMongoTestServer();
    const store = await openMongoStore(server.uri, {
      defaultDbName: 'faults',
      serverSelectionTimeoutMS: 2000,
    });
    api = await startTestApi({ store });
  }, 60_000);
  afterAll(async () => {
    await api?.close().catch(() => {});
    server?.close();
  });

  it('answers 503 with a clear message while it is down, writes nothing half, and recovers without a restart', {
    timeout: 60_000,
  }, async () => {
    const user = await userWithProfile(api, 'steady@example.com');
    expect((await api.json('/api/user/data', { headers: bearer(user.token) })).status).toBe(200);

    await server.stopFerretDb();
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

    await server.startFerretDb();
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
