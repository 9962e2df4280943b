import { Agenda, type JobParameters } from 'agenda';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreBackend } from '../src/jobs/agenda.js';
import type { Store } from '../src/store/index.js';
import { bothStores } from './support/stores.js';

/**
 * `StoreBackend` (#33): Agenda's storage over our Store, the embedded store's job queue. The
 * repository's contract as Agenda uses it (claim order, lock expiry, locks cleared at connect,
 * unique jobs, state saves), and one Agenda running jobs on it. On both stores (the MongoDB run
 * checks that the Store's own semantics match; production uses Agenda's MongoBackend there).
 */

const JOBS = 'testJobs';
const job = (fields: Partial<JobParameters> = {}): JobParameters =>
  ({ name: 'work', priority: 0, nextRunAt: new Date(), type: 'normal', data: {}, ...fields }) as JobParameters;

for (const adapter of bothStores('store-backend')) {
  describe.runIf(adapter.enabled)(`StoreBackend: ${adapter.name}`, () => {
    let store: Store | undefined;
    afterEach(async () => {
      await store?.close();
      store = undefined;
    });
    const open = async () => {
      store = await adapter.open();
      return store;
    };

    it('claims due jobs oldest first, each once, and takes over a lock older than the deadline', async () => {
      const repo = new StoreBackend(await open(), JOBS, { clearLocksAtConnect: false }).repository;
      const now = Date.now();
      const later = await repo.saveJob(job({ nextRunAt: new Date(now - 1000) }), undefined);
      const older = await repo.saveJob(job({ nextRunAt: new Date(now - 5000) }), undefined);
      await repo.saveJob(job({ nextRunAt: new Date(now + 60_000) }), undefined);
      const scan = new Date(now);
      const deadline = new Date(now - 30_000);

      expect(String((await repo.getNextJobToRun('work', scan, deadline, undefined, undefined))?._id)).toBe(
        String(older._id),
      );
      expect(String((await repo.getNextJobToRun('work', scan, deadline, undefined, undefined))?._id)).toBe(
        String(later._id),
      );
      // Both locked, the third not due: nothing.
      expect(await repo.getNextJobToRun('work', scan, deadline, undefined, undefined)).toBeUndefined();
      // Their holder died: once the deadline passes their locks, they are taken again.
      const taken = await repo.getNextJobToRun('work', scan, new Date(now + 1000), new Date(now + 1000), undefined);
      expect(taken?.lockedAt).toEqual(new Date(now + 1000));
    });

    it('clears every lock at connect when asked to (the embedded store: only this process held them)', async () => {
      const opened = await open();
      const repo = new StoreBackend(opened, JOBS, { clearLocksAtConnect: false }).repository;
      const saved = await repo.saveJob(job(), undefined);
      await repo.getNextJobToRun('work', new Date(), new Date(0), undefined, undefined);
      expect((await repo.getJobById(String(saved._id)))?.lockedAt).toBeInstanceOf(Date);
      await new StoreBackend(opened, JOBS, { clearLocksAtConnect: true }).connect();
      expect((await repo.getJobById(String(saved._id)))?.lockedAt).toBeNull();
    });

    it('keeps one job per unique key (insertOnly), saves state and refuses to save a removed job', async () => {
      const repo = new StoreBackend(await open(), JOBS, { clearLocksAtConnect: false }).repository;
      const first = await repo.saveJob(
        job({ data: { videoId: 'a' }, unique: { 'data.videoId': 'a' }, uniqueOpts: { insertOnly: true } }),
        undefined,
      );
      const again = await repo.saveJob(
        job({ data: { videoId: 'a' }, unique: { 'data.videoId': 'a' }, uniqueOpts: { insertOnly: true }, priority: 9 }),
        undefined,
      );
      expect(String(again._id)).toBe(String(first._id));
      expect(again.priority).toBe(0);
      await repo.saveJobState({ ...first, failCount: 2, progress: 40 }, undefined);
      expect(await repo.getJobById(String(first._id))).toMatchObject({ failCount: 2, progress: 40 });
      expect(await repo.removeJobs({ data: { videoId: 'a' } })).toBe(1);
      await expect(repo.saveJobState(first, undefined)).rejects.toThrow(/cannot be updated/);
    });

    it('runs jobs under Agenda: each once, a thrown one retried by its backoff', { timeout: 30_000 }, async () => {
      const backend = new StoreBackend(await open(), JOBS, { clearLocksAtConnect: true });
      const agenda = new Agenda({ backend, processEvery: 50, removeOnComplete: true });
      const runs: string[] = [];
      let failed = false;
      const done = new Promise<void>((resolve) => {
        agenda.define<{ n: string }>(
          'work',
          async (j) => {
            if (j.attrs.data.n === 'b' && !failed && true) {
              failed = true;
              throw new Error('first try fails');
            }
            runs.push(j.attrs.data.n);
            if (runs.length === 3) resolve();
          },
          { concurrency: 1, lockLimit: 1, backoff: () => 50 },
        );
      });
      for (const n of ['a', 'b', 'c']) await agenda.now('work', { n });
      await agenda.start();
      await done;
      // Completed jobs are removed (removeOnComplete): wait for the collection to empty, then stop.
      const end = Date.now() + 10_000;
      while ((await backend.repository.queryJobs()).total > 0) {
        if (Date.now() > end) throw new Error('completed jobs were not removed');
        await new Promise((r) => setTimeout(r, 20));
      }
      await agenda.stop();
      expect(runs.sort()).toEqual(['a', 'b', 'c']);
      expect(failed).toBe(true);
      expect(await backend.repository.getQueueSize()).toBe(0);
    });
  });
}
