import type { ChildProcess } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.js';
import { composeServices } from '../src/compose.js';
import { transcodingQueue, type VideoDoc, videoUsageKey } from '../src/modules/videos/index.js';
import { newId, type Store } from '../src/store/index.js';
import { SHELL_ORIGIN, startTestApi, type TestApi } from './support/http.js';
import { bearer, userWithProfile } from './support/identity.js';
import { bothStores } from './support/stores.js';
import { ffmpeg, testClip } from './support/video-clips.js';

/**
 * The video pipeline's operations (#33), on both stores: fair share between educators (one
 * educator's many uploads do not hold back another's single one), the sweep of abandoned uploads
 * by the app's clock, and CORS for tus clients in the portals' browsers.
 */

const TUS = { 'Tus-Resumable': '1.0.0' };
const UPLOADS = '/api/educator/videos/uploads';
const HOUR = 3_600_000;

let dir: string;
let clipFile: string;
let clip: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'courseport-video-ops-'));
  clipFile = path.join(dir, 'clip.mp4');
  await ffmpeg(...testClip('160x90', 1), clipFile);
  clip = await readFile(clipFile);
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A clock the test moves. */
function movableClock(): Clock & { set(at: Date): void } {
  let now: Date | null = null;
  return { now: () => now ?? new Date(), set: (at) => (now = at) };
}

/** Polls the store until `done` holds (a condition, not a fixed wait), or fails after `ms`. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

for (const adapter of bothStores('video-ops')) {
  describe.runIf(adapter.enabled)(`video operations: ${adapter.name}`, { timeout: 120_000 }, () => {
    describe('fair share between educators', () => {
      let store: Store;
      let work: string;
      beforeAll(async () => {
        store = await adapter.open();
        work = await mkdtemp(path.join(tmpdir(), 'courseport-fair-'));
      });
      afterAll(async () => {
        await store?.close();
        await rm(work, { recursive: true, force: true });
      });

      it("runs one educator's single upload second, not after another's three (one run at a time)", async () => {
        const uploadDir = path.join(work, 'video-uploads');
        await mkdir(uploadDir, { recursive: true });
        const started: string[] = [];
        const errors: string[] = [];
        const queue = transcodingQueue(
          store,
          { now: () => new Date() },
          {
            uploadDir,
            stagingDir: path.join(work, 'video-staging'),
            lockMs: 5000,
            pollMs: 100,
            retryDelayMs: 100,
            preset: 'ultrafast',
            timeoutMs: 0,
            concurrency: 1,
            publicApiUrl: 'http://localhost',
            releaseQuota: async () => {},
            logError: (error, message) => errors.push(`${message}: ${String(error)}`),
            onWorker: (child: ChildProcess) => started.push(path.basename(String(child.spawnargs.at(-4)))),
          },
        );
        // MongoDB: Agenda's claim index as its default order made it (before CLAIM_ORDER) is replaced, not a start failure.
        await store.mongoDb
          ?.collection('videoJobs')
          .createIndex(
            { name: 1, nextRunAt: 1, priority: -1, lockedAt: 1, disabled: 1 },
            { name: 'findAndLockNextJobIndex' },
          );
        const videos = store.collection<VideoDoc>('videos');
        const names = new Map<string, string>();
        // As uploads finish: each becomes 'queued', then is enqueued. X's three, then Y's one.
        for (const [owner, name] of [
          ['educator-x', 'x1'],
          ['educator-x', 'x2'],
          ['educator-x', 'x3'],
          ['educator-y', 'y1'],
        ] as const) {
          const id = newId();
          names.set(id, name);
          await copyFile(clipFile, path.join(uploadDir, id));
          const now = new Date();
          await videos.insertOne({
            _id: id,
            ownerId: owner,
            status: 'queued',
            fileName: `${name}.mp4`,
            size: clip.length,
            uploadOffset: clip.length,
            probe: null,
            failureReason: null,
            quotaBytes: clip.length,
            createdAt: now,
            updatedAt: now,
          });
          await queue.enqueue(id);
        }
        await queue.start();
        try {
          const done = await until(
            () => videos.find({}),
            (docs) => docs.every((d) => d.status === 'ready' || d.status === 'failed'),
            'every video transcoded',
          );
          expect(done.map((d) => [d.status, d.failureReason])).toEqual(done.map(() => ['ready', null]));
        } finally {
          await queue.stop(5000);
        }
        expect(started.map((id) => names.get(id))).toEqual(['x1', 'y1', 'x2', 'x3']);
        expect(errors).toEqual([]);
        const claimIndex = (await store.mongoDb?.collection('videoJobs').indexes())?.find(
          (index) => index.name === 'findAndLockNextJobIndex',
        );
        if (store.mongoDb)
          expect(Object.keys(claimIndex?.key ?? {}).slice(0, 3)).toEqual(['name', 'priority', 'nextRunAt']);
      });
    });

    describe('the app', () => {
      let api: TestApi;
      const clock = movableClock();
      beforeAll(async () => {
        api = await startTestApi({ store: await adapter.open(), clock });
      });
      afterAll(() => api?.close());

      const create = (token: string, size: number, origin?: string) =>
        api.request(UPLOADS, {
          method: 'POST',
          headers: {
            ...TUS,
            ...bearer(token),
            ...(origin ? { Origin: origin } : {}),
            'Upload-Length': String(size),
            'Upload-Metadata': `filename ${Buffer.from('lesson.mp4').toString('base64')}`,
          },
        });
      const patch = (token: string, location: string, offset: number, bytes: Buffer) =>
        api.request(location, {
          method: 'PATCH',
          headers: {
            ...TUS,
            ...bearer(token),
            'Upload-Offset': String(offset),
            'Content-Type': 'application/offset+octet-stream',
          },
          body: bytes,
        });
      const usage = async (userId: string) =>
        (
          (await api.deps.store.collection('uploadUsage').findOne({ _id: videoUsageKey(userId) })) as {
            bytes?: number;
          } | null
        )?.bytes ?? 0;

      it('deletes uploads left unfinished past VIDEO_UPLOAD_EXPIRY_H since their last byte, and gives their quota back', async () => {
        const { token, userId } = await userWithProfile(api, 'sweep@example.com', { educator: true });
        const uploadDir = path.join(api.deps.config.dataDir, 'video-uploads');
        const start = new Date();
        // Created "30 hours ago" by the app's clock; its bytes arrive now (the file's time).
        clock.set(new Date(start.getTime() - 30 * HOUR));
        const stale = await create(token, clip.length);
        expect(stale.status).toBe(201);
        const staleLocation = stale.headers.get('Location') ?? '';
        const staleId = staleLocation.split('/').pop() ?? '';
        expect((await patch(token, staleLocation, 0, clip.subarray(0, 1000))).status).toBe(204);
        // A finished upload of the same age is the educator's video, never swept.
        const whole = await create(token, clip.length);
        const wholeLocation = whole.headers.get('Location') ?? '';
        const wholeId = wholeLocation.split('/').pop() ?? '';
        expect((await patch(token, wholeLocation, 0, clip)).status).toBe(204);
        clock.set(start);
        const recent = await create(token, 5000);
        const recentId = (recent.headers.get('Location') ?? '').split('/').pop() ?? '';
        expect(await usage(userId)).toBe(clip.length * 2 + 5000);

        const { videos } = composeServices(api.deps);
        const expiry = api.deps.config.videoUploadExpiryH * HOUR;
        expect(api.deps.config.videoUploadExpiryH).toBe(24);
        // 30 hours since the record, but its last byte came a moment ago: kept.
        expect(await videos.sweepAbandoned(expiry)).toBe(0);
        clock.set(new Date(start.getTime() + 23 * HOUR));
        expect(await videos.sweepAbandoned(expiry)).toBe(0);
        // 25 hours after the last byte: gone (file, tus' .json, record, quota). The recent one stays.
        clock.set(new Date(start.getTime() + 25 * HOUR));
        const sweeps = await Promise.all([videos.sweepAbandoned(expiry), videos.sweepAbandoned(expiry)]);
        expect(sweeps[0] + sweeps[1]).toBe(2);
        const docs = await api.deps.store.collection<VideoDoc>('videos').find({ ownerId: userId });
        expect(docs.map((d) => [d._id, d.status])).toEqual([[wholeId, 'queued']]);
        for (const id of [staleId, recentId]) {
          await expect(stat(path.join(uploadDir, id))).rejects.toMatchObject({ code: 'ENOENT' });
          await expect(stat(path.join(uploadDir, `${id}.json`))).rejects.toMatchObject({ code: 'ENOENT' });
        }
        await expect(stat(path.join(uploadDir, wholeId))).resolves.toBeTruthy();
        // Given back once, though two sweeps ran together.
        expect(await usage(userId)).toBe(clip.length);
        const res = await api.request(`${UPLOADS}/${staleId}`, {
          method: 'HEAD',
          headers: { ...TUS, ...bearer(token) },
        });
        expect(res.status).toBe(404);
        clock.set(new Date());
      });

      it('lets the portals send tus headers (preflight) and read its answers, only from allowed origins', async () => {
        const { token } = await userWithProfile(api, 'cors@example.com', { educator: true });
        const preflight = await api.request(`${UPLOADS}/abc`, {
          method: 'OPTIONS',
          headers: {
            Origin: SHELL_ORIGIN,
            'Access-Control-Request-Method': 'PATCH',
            'Access-Control-Request-Headers':
              'authorization,content-type,tus-resumable,upload-offset,upload-length,upload-metadata,upload-defer-length,upload-concat,x-http-method-override',
          },
        });
        expect(preflight.status).toBe(204);
        expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe(SHELL_ORIGIN);
        expect(preflight.headers.get('Access-Control-Allow-Methods')).toMatch(/PATCH/);
        expect(preflight.headers.get('Access-Control-Allow-Methods')).toMatch(/HEAD/);
        const allowed = (preflight.headers.get('Access-Control-Allow-Headers') ?? '').toLowerCase().split(',');
        for (const header of [
          'authorization',
          'upload-length',
          'upload-offset',
          'upload-metadata',
          'tus-resumable',
          'upload-defer-length',
          'upload-concat',
          'x-http-method-override',
        ])
          expect(allowed).toContain(header);

        const created = await create(token, clip.length, SHELL_ORIGIN);
        expect(created.status).toBe(201);
        expect(created.headers.get('Access-Control-Allow-Origin')).toBe(SHELL_ORIGIN);
        expect(created.headers.get('Access-Control-Allow-Credentials')).toBe('true');
        const exposed = (created.headers.get('Access-Control-Expose-Headers') ?? '').toLowerCase().split(/\s*,\s*/);
        for (const header of ['location', 'upload-offset', 'upload-length', 'tus-resumable', 'upload-expires'])
          expect(exposed).toContain(header);
        const location = created.headers.get('Location') ?? '';
        const head = await api.request(location, {
          method: 'HEAD',
          headers: { ...TUS, ...bearer(token), Origin: SHELL_ORIGIN },
        });
        expect(head.headers.get('Upload-Offset')).toBe('0');
        expect(head.headers.get('Access-Control-Allow-Origin')).toBe(SHELL_ORIGIN);
        expect((head.headers.get('Access-Control-Expose-Headers') ?? '').toLowerCase()).toContain('upload-offset');

        // Another site gets no CORS headers at all (tus' own default would have been '*').
        const foreign = await create(token, clip.length, 'https://evil.example');
        expect(foreign.status).toBe(201);
        expect(foreign.headers.get('Access-Control-Allow-Origin')).toBeNull();
        const foreignPreflight = await api.request(UPLOADS, {
          method: 'OPTIONS',
          headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
        });
        expect(foreignPreflight.headers.get('Access-Control-Allow-Origin')).toBeNull();
      });
    });
  });
}
