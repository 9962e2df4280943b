import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateSharedSigningKey, type SecretDoc } from '../src/auth/local-issuer.js';
import { USER_LIMITS } from '../src/http/rate-limit.js';
import { INDEXES } from '../src/indexes.js';
import { BatchedCounters, RATE_LIMITS, type RateLimitDoc, StoreRateLimiter } from '../src/limits/index.js';
import { openEmbeddedStore } from '../src/store/embedded.js';
import { newId, type Store } from '../src/store/index.js';
import { openMongoStore } from '../src/store/mongodb.js';
import { lectureIdsOf, testCourse } from './support/courses.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile, verifiedAccount } from './support/identity.js';

/**
 * What API processes on one database share, as replicas behind a load balancer run: the limits
 * (the store-backed limiter for sign-in failures, the batched counters in front of it for every
 * signed-in write, and both through two apps on one MongoDB database) and the session signing key.
 */

const mongoUri = process.env.MONGODB_URI;
if (!mongoUri && process.env.CI && !process.env.MONGO_SKIP_REASON) {
  throw new Error('CI must run the replicas on one MongoDB database (.ci/run starts FerretDB).');
}
if (!mongoUri)
  console.warn(`SKIPPED: replicas on one MongoDB database (${process.env.MONGO_SKIP_REASON ?? 'no MONGODB_URI'})`);

const adapters = [
  {
    name: 'embedded (NeDB)',
    enabled: true,
    /** Two handles on one database: the embedded store is one process's, so both are the same. */
    open: async () => {
      const store = await openEmbeddedStore(await mkdtemp(path.join(tmpdir(), 'courseport-limits-')));
      return [store, store] as const;
    },
  },
  {
    name: 'mongodb',
    enabled: Boolean(mongoUri),
    open: async () => {
      const defaultDbName = `limits_${newId()}`;
      return [
        await openMongoStore(mongoUri ?? '', { defaultDbName }),
        await openMongoStore(mongoUri ?? '', { defaultDbName }),
      ] as const;
    },
  },
];

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, deadlineMs = 5000): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(adapters)('the store-backed limiter on $name', ({ enabled, open }) => {
  let stores: readonly [Store, Store];
  const limiter = (store: Store, duration = 60) =>
    new StoreRateLimiter({
      collection: store.collection<RateLimitDoc>(RATE_LIMITS),
      keyPrefix: 'test',
      points: 10,
      duration,
    });

  beforeAll(async () => {
    if (!enabled) return;
    stores = await open();
    await stores[0].ensureIndexes(INDEXES);
  });
  afterAll(async () => {
    if (!enabled) return;
    await stores[0].close();
    if (stores[1] !== stores[0]) await stores[1].close();
  });

  it.runIf(enabled)('counts every point from two connections exactly, even when they race', async () => {
    const [a, b] = [limiter(stores[0]), limiter(stores[1])];
    await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).penalty('racing')));
    expect((await a.get('racing'))?.consumedPoints).toBe(40);
    expect((await b.get('racing'))?.consumedPoints).toBe(40);
  });

  it.runIf(enabled)('refuses past its points, with the time left in the window', async () => {
    const a = limiter(stores[0]);
    for (let i = 0; i < 10; i++) await a.consume('consumer');
    const refused = (await a.consume('consumer').catch((res: RateLimiterRes) => res)) as RateLimiterRes;
    expect(refused.remainingPoints).toBe(0);
    expect(refused.msBeforeNext).toBeGreaterThan(50_000);
    expect(refused.msBeforeNext).toBeLessThanOrEqual(60_000);
  });

  it.runIf(enabled)('starts a new window once the old one is over, on whichever connection comes first', async () => {
    const [a, b] = [limiter(stores[0], 1), limiter(stores[1], 1)];
    await a.penalty('short', 5);
    expect((await b.get('short'))?.consumedPoints).toBe(5);
    await until(
      () => b.get('short'),
      (res) => res === null,
    );
    expect(await b.get('short')).toBeNull();
    const [first, second] = await Promise.all([a.penalty('short', 2), b.penalty('short', 3)]);
    expect(Math.max(first.consumedPoints, second.consumedPoints)).toBe(5);
  });

  it.runIf(enabled)('blocks and forgets a key for everyone', async () => {
    const [a, b] = [limiter(stores[0]), limiter(stores[1])];
    await a.block('blocked', 30);
    const seen = await b.get('blocked');
    expect(seen?.consumedPoints).toBeGreaterThan(10);
    expect(seen?.msBeforeNext).toBeGreaterThan(25_000);
    await b.delete('blocked');
    expect(await a.get('blocked')).toBeNull();
  });
});

describe('batched counters', () => {
  /** A memory limiter that counts the calls it gets and can be told to fail. */
  function sharedLimiter() {
    const memory = new RateLimiterMemory({ keyPrefix: 'batched', points: 1_000_000, duration: 60 });
    const calls = { count: 0, failNext: false };
    const penalty: typeof memory.penalty = (key, points, options) => {
      calls.count += 1;
      if (calls.failNext) {
        calls.failNext = false;
        return Promise.reject(new Error('the store is down'));
      }
      return memory.penalty(key, points, options);
    };
    return { limiter: Object.assign(Object.create(memory), { penalty }) as RateLimiterMemory, calls };
  }

  /** A limit of 100: keys are shared from 10 hits on. */
  const LIMIT = 100;

  it('counts hits in memory and sends each key once per flush, once it has a tenth of its limit', async () => {
    const { limiter, calls } = sharedLimiter();
    const counters = new BatchedCounters(limiter);
    for (let i = 1; i <= 50; i++) expect(counters.add('user:1', 60_000, LIMIT).count).toBe(i);
    for (let i = 0; i < 9; i++) counters.add('user:2', 60_000, LIMIT);
    expect(calls.count).toBe(0);
    await counters.flush();
    // user:2's nine hits stay here: a person's few writes never reach the store.
    expect(calls.count).toBe(1);
    expect((await limiter.get('user:1'))?.consumedPoints).toBe(50);
    expect(await limiter.get('user:2')).toBeNull();
    counters.add('user:2', 60_000, LIMIT);
    await counters.flush();
    expect((await limiter.get('user:2'))?.consumedPoints).toBe(10);
    // Once shared, every hit is.
    counters.add('user:2', 60_000, LIMIT);
    await counters.flush();
    expect((await limiter.get('user:2'))?.consumedPoints).toBe(11);
    expect(counters.add('user:1', 60_000, LIMIT).count).toBe(51);
  });

  it('learns what other processes counted when it flushes', async () => {
    const { limiter } = sharedLimiter();
    const [here, there] = [new BatchedCounters(limiter), new BatchedCounters(limiter)];
    for (let i = 0; i < 30; i++) there.add('user:1', 60_000, LIMIT);
    await there.flush();
    for (let i = 0; i < 10; i++) here.add('user:1', 60_000, LIMIT);
    await here.flush();
    expect(here.add('user:1', 60_000, LIMIT).count).toBe(41);
  });

  it('keeps the hits of a failed flush for the next one', async () => {
    const { limiter, calls } = sharedLimiter();
    const errors: unknown[] = [];
    const counters = new BatchedCounters(limiter, { onError: (error) => errors.push(error) });
    for (let i = 0; i < 15; i++) counters.add('user:1', 60_000, LIMIT);
    calls.failNext = true;
    await counters.flush();
    expect(errors).toHaveLength(1);
    expect(counters.add('user:1', 60_000, LIMIT).count).toBe(16);
    await counters.flush();
    expect((await limiter.get('user:1'))?.consumedPoints).toBe(16);
  });

  it('starts over when the window ends, and takes back what is given back', async () => {
    let now = 1_000_000;
    const counters = new BatchedCounters(sharedLimiter().limiter, { now: () => now });
    counters.add('user:1', 60_000, LIMIT);
    expect(counters.add('user:1', 60_000, LIMIT)).toEqual({ count: 2, msLeft: 60_000 });
    expect(counters.add('user:1', 60_000, LIMIT, -1).count).toBe(1);
    now += 60_000;
    expect(counters.add('user:1', 60_000, LIMIT)).toEqual({ count: 1, msLeft: 60_000 });
  });
});

describe.runIf(mongoUri)('limits across two API processes on one database', { timeout: 60_000 }, () => {
  let first: TestApi;
  let second: TestApi;
  beforeAll(async () => {
    const defaultDbName = `limits_apps_${newId()}`;
    first = await startTestApi({
      store: await openMongoStore(mongoUri ?? '', { defaultDbName }),
      config: { trustProxy: 1 },
    });
    second = await startTestApi({
      store: await openMongoStore(mongoUri ?? '', { defaultDbName }),
      config: { trustProxy: 1 },
    });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('count failed sign-ins together: the sixth failure, half on each, slows the next try on either', async () => {
    const email = `shared-${newId().slice(0, 8)}@example.com`;
    await verifiedAccount(first, email);
    const from = { 'X-Forwarded-For': '203.0.113.9' };
    const guess = (api: TestApi) => postJson(api, '/api/auth/sign-in', { email, password: 'not the password' }, from);
    for (let i = 0; i < 6; i++) expect((await guess(i % 2 ? second : first)).status).toBe(401);
    const slowed = await guess(first);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("count one user's writes together: the two allow the limit, and at most a tenth more, in all", async () => {
    const { token } = await verifiedAccount(first, `writer-${newId().slice(0, 8)}@example.com`);
    const write = async (api: TestApi) =>
      (await postJson(api, '/api/user/update-course-progress', {}, bearer(token))).status !== 429;
    const { max } = USER_LIMITS.writes;
    let allowed = 0;
    for (let i = 0; i < max - 20; i++) if (await write(first)) allowed += 1;
    expect(allowed).toBe(max - 20);
    await first.deps.limits.counters.flush();
    // The second learns the first's count once its own reaches a tenth of the limit and it flushes.
    for (let i = 0; i < 40; i++) {
      if (await write(second)) allowed += 1;
      await second.deps.limits.counters.flush();
    }
    expect(allowed).toBeGreaterThanOrEqual(max);
    expect(allowed).toBeLessThanOrEqual(max + Math.floor(max * 0.1));
    expect(await write(second)).toBe(false);
    // The first learns the total with its next flush of a hit of its own.
    await write(first);
    await first.deps.limits.counters.flush();
    expect(await write(first)).toBe(false);
  });
});

describe.runIf(mongoUri)(
  'questions and answers across two API processes on one database (#35)',
  { timeout: 60_000 },
  () => {
    let first: TestApi;
    let second: TestApi;
    beforeAll(async () => {
      const defaultDbName = `discussions_apps_${newId()}`;
      first = await startTestApi({ store: await openMongoStore(mongoUri ?? '', { defaultDbName }) });
      second = await startTestApi({ store: await openMongoStore(mongoUri ?? '', { defaultDbName }) });
    }, 60_000);
    afterAll(async () => {
      await first?.close();
      await second?.close();
    });

    it('lists a question posted through one on the other, with an answer and a vote made there', async () => {
      const student = await userWithProfile(first, `asker-${newId().slice(0, 8)}@example.com`);
      const course = testCourse({ _id: `user_${newId()}`, name: 'Teacher' }, { enrolledStudents: [student.userId] });
      await first.deps.store.collection('courses').insertOne(course);
      const lectureId = lectureIdsOf(course)[0];
      const asked = await postJson(
        first,
        `/api/courses/${course._id}/questions`,
        { lectureId, title: 'Seen on every replica?', body: '<p>Hello</p>' },
        bearer(student.token),
      );
      expect(asked.status).toBe(201);
      const questionId = (asked.body.question as { _id: string })._id;
      const listed = await second.json<{ questions: Array<{ _id: string }> }>(`/api/courses/${course._id}/questions`, {
        headers: bearer(student.token),
      });
      expect(listed.status).toBe(200);
      expect(listed.body.questions.map((q) => q._id)).toEqual([questionId]);
      const answered = await postJson(
        second,
        `/api/questions/${questionId}/answers`,
        { body: 'Yes' },
        bearer(student.token),
      );
      expect(answered.status).toBe(201);
      const voted = await Promise.all(
        [first, second, first, second].map((api) =>
          api.json(`/api/questions/${questionId}/vote`, { method: 'PUT', headers: bearer(student.token) }),
        ),
      );
      expect(voted.every((res) => res.status === 200)).toBe(true);
      const seen = await first.json<{ question: { answerCount: number; upvotes: number } }>(
        `/api/questions/${questionId}`,
        {
          headers: bearer(student.token),
        },
      );
      expect(seen.body.question).toMatchObject({ answerCount: 1, upvotes: 1 });
    });
  },
);

describe.runIf(mongoUri)('the session signing key on MongoDB', () => {
  it('is one key for every process, however many start at once, and stays the same', async () => {
    const defaultDbName = `signing_key_${newId()}`;
    const stores = await Promise.all([1, 2, 3].map(() => openMongoStore(mongoUri ?? '', { defaultDbName })));
    try {
      const keys = await Promise.all(
        stores.map((store) => loadOrCreateSharedSigningKey(store.collection<SecretDoc>('secrets'))),
      );
      expect(new Set(keys).size).toBe(1);
      expect(keys[0]).toMatch(/^-----BEGIN PRIVATE KEY-----/);
      const [first] = stores;
      expect(await loadOrCreateSharedSigningKey((first as Store).collection<SecretDoc>('secrets'))).toBe(keys[0]);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});
