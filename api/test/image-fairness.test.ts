import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import {
  fairLimiter,
  IMAGE_TOO_LARGE,
  IMAGES_BUSY,
  MAX_WAITING_PER_UPLOADER,
  pipelineLoad,
  QueueFullError,
} from '../src/modules/media/pipeline.js';
import { testCourse } from './support/courses.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, userWithProfile } from './support/identity.js';
import { thumbnailPng } from './support/png.js';
import { bothStores } from './support/stores.js';

/**
 * The image pipeline under an outside tester's load (#30): an image that claims more pixels than a
 * thumbnail needs is refused from its header, and one educator's backlog does not hold up another's.
 */

/** A tiny AVIF whose header (`ispe`) claims width × height pixels: a decode bomb's header. */
async function avifClaiming(width: number, height: number): Promise<Buffer> {
  const small = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888888' } })
    .avif({ effort: 0 })
    .toBuffer();
  const at = small.indexOf('ispe');
  const bomb = Buffer.from(small);
  bomb.writeUInt32BE(width, at + 8);
  bomb.writeUInt32BE(height, at + 12);
  return bomb;
}

describe('fairLimiter', () => {
  it('serves owners round robin: a newcomer waits only for the jobs already running', async () => {
    const limiter = fairLimiter(1);
    const order: string[] = [];
    const releases: Array<() => void> = [];
    const job = (name: string) => () =>
      new Promise<void>((resolve) => {
        order.push(name);
        releases.push(resolve);
      });
    const done = [
      ...Array.from({ length: 5 }, (_, i) => limiter.run('a', job(`a${i}`))),
      limiter.run('b', job('b0')),
      limiter.run('b', job('b1')),
    ];
    expect(limiter.load()).toEqual({ active: 1, waiting: 6 });
    expect(limiter.load('a')).toEqual({ active: 1, waiting: 4 });
    // Each job, once started, is let finish; the next one then starts.
    while (order.length < 7) {
      const started = order.length;
      releases[started - 1]?.();
      await vi.waitFor(() => expect(order.length).toBeGreaterThan(started), { interval: 1 });
    }
    releases[6]?.();
    await Promise.all(done);
    expect(order).toEqual(['a0', 'b0', 'a1', 'b1', 'a2', 'a3', 'a4']);
    expect(limiter.load()).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses a job of an owner who already has `maxWaiting` waiting, not another owner’s', async () => {
    const limiter = fairLimiter(1);
    let release = () => {};
    const running = limiter.run('a', () => new Promise<void>((resolve) => (release = resolve)));
    const waiting = [
      limiter.run('a', async () => 1, { maxWaiting: 2 }),
      limiter.run('a', async () => 2, { maxWaiting: 2 }),
    ];
    await expect(limiter.run('a', async () => 3, { maxWaiting: 2 })).rejects.toBeInstanceOf(QueueFullError);
    const other = limiter.run('b', async () => 'b', { maxWaiting: 2 });
    expect(limiter.load()).toEqual({ active: 1, waiting: 3 });
    release();
    expect(await Promise.all([running, ...waiting, other])).toEqual([undefined, 1, 2, 'b']);
  });

  it('a failing job frees its place', async () => {
    const limiter = fairLimiter(1);
    await expect(limiter.run('a', () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await limiter.run('a', async () => 'next')).toBe('next');
    expect(limiter.load()).toEqual({ active: 0, waiting: 0 });
  });
});

for (const adapter of bothStores('image-fairness')) {
  describe.runIf(adapter.enabled)(`image pipeline under load: ${adapter.name}`, { timeout: 120_000 }, () => {
    let api: TestApi;
    let busy: { token: string; userId: string };
    let other: { token: string; userId: string };
    let busyCourse: CourseDoc;
    let otherCourse: CourseDoc;

    beforeAll(async () => {
      api = await startTestApi({ store: await adapter.open() });
      busy = await userWithProfile(api, 'busy@example.com', { educator: true });
      other = await userWithProfile(api, 'other@example.com', { educator: true });
      busyCourse = testCourse({ _id: busy.userId, name: 'Busy' });
      otherCourse = testCourse({ _id: other.userId, name: 'Other' });
      await api.deps.store.collection<CourseDoc>('courses').insertMany([busyCourse, otherCourse]);
    });
    afterAll(() => api?.close());

    const putThumbnail = (course: CourseDoc, who: { token: string }, image: Uint8Array, type: string) => {
      const body = new FormData();
      body.set('image', new Blob([image], { type }), 'upload');
      return api.json(`/api/educator/courses/${course._id}/thumbnail`, {
        method: 'PUT',
        headers: bearer(who.token),
        body,
      });
    };
    const usage = async (userId: string) =>
      (await api.deps.store.collection('uploadUsage').findOne({ _id: userId }))?.bytes ?? 0;

    it('refuses from its header, with 413, a tiny AVIF that claims 6300 × 6300 pixels', async () => {
      const bomb = await avifClaiming(6300, 6300);
      expect(bomb.length).toBeLessThan(1024);
      const before = await api.deps.store.collection<CourseDoc>('courses').findOne({ _id: busyCourse._id });
      // A decode would fail (the AV1 data is 64 × 64) with a 415: a 413 is the header's answer.
      expect(await putThumbnail(busyCourse, busy, bomb, 'image/avif')).toMatchObject({
        status: 413,
        body: { success: false, message: IMAGE_TOO_LARGE(6300, 6300) },
      });
      expect(IMAGE_TOO_LARGE(6300, 6300)).toBe(
        'The thumbnail is too large (6300 × 6300 pixels): it may have at most 16.8 megapixels (4096 × 4096)',
      );
      const after = await api.deps.store.collection<CourseDoc>('courses').findOne({ _id: busyCourse._id });
      expect(after?.courseThumbnail).toBe(before?.courseThumbnail);
      expect(await usage(busy.userId)).toBe(0);
      // Just inside the bound is no bomb: its header passes (and this one then fails to decode).
      expect((await putThumbnail(busyCourse, busy, await avifClaiming(4096, 4096), 'image/avif')).status).toBe(415);
    });

    // The pipeline is the same whatever the store: its fairness is measured once, on the embedded one.
    it.runIf(adapter.name.startsWith('embedded'))(
      '30 uploads at once from one educator do not hold up another educator’s small PNG',
      async () => {
        const photo = thumbnailPng(3, 480, 270);
        const small = thumbnailPng(9, 64, 64);
        /** The backlog's uploads that were processed (not refused for waiting) and answered so far. */
        let processedDone = 0;
        const backlog = Array.from({ length: 30 }, () =>
          putThumbnail(busyCourse, busy, photo, 'image/png').then((res) => {
            if (res.status !== 429) processedDone += 1;
            return res;
          }),
        );
        // Wait until the educator's queue is full, then upload the other educator's image.
        await vi.waitFor(
          () => expect(pipelineLoad(busy.userId).waiting).toBeGreaterThanOrEqual(MAX_WAITING_PER_UPLOADER),
          { timeout: 20_000, interval: 2 },
        );
        const doneBefore = processedDone;
        const res = await putThumbnail(otherCourse, other, small, 'image/png');
        const doneMeanwhile = processedDone - doneBefore;
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        // Served after the few jobs running when it arrived (and those that ran beside it, or while
        // its request was read and its course saved: 4 or 5 on a busy 2-core machine), never after
        // the 8 queued before it (first come, first served answers 8 to 11 of them meanwhile).
        expect(doneMeanwhile).toBeLessThan(MAX_WAITING_PER_UPLOADER - 1);
        // Beyond 8 waiting, the educator's uploads are refused at once (their bytes are not held);
        // the others are processed (a concurrent edit of the same course may be a 409).
        const answers = await Promise.all(backlog);
        const refused = answers.filter((a) => a.status === 429);
        expect(refused.length).toBeGreaterThan(0);
        for (const answer of refused) expect(answer.body).toEqual({ success: false, message: IMAGES_BUSY });
        expect(answers.every((a) => [200, 409, 429].includes(a.status))).toBe(true);
        expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
        // What was refused gave its quota back: only the stored images are counted.
        expect(await usage(busy.userId)).toBe(
          (await api.deps.store.collection<CourseDoc>('courses').findOne({ _id: busyCourse._id }))?.uploadBytes ?? 0,
        );
      },
    );
  });
}
