import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import { fairLimiter, IMAGE_TOO_LARGE, pipelineLoad } from '../src/modules/media/pipeline.js';
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
        let busyDone = 0;
        const backlog = Array.from({ length: 30 }, () =>
          putThumbnail(busyCourse, busy, photo, 'image/png').then((res) => {
            busyDone += 1;
            return res.status;
          }),
        );
        // Wait until a good part of the backlog is queued in the pipeline, then upload the other image.
        await vi.waitFor(() => expect(pipelineLoad().waiting).toBeGreaterThanOrEqual(12), {
          timeout: 20_000,
          interval: 2,
        });
        const queuedAhead = pipelineLoad().waiting;
        const doneBefore = busyDone;
        const res = await putThumbnail(otherCourse, other, small, 'image/png');
        const doneMeanwhile = busyDone - doneBefore;
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        // Served after the few jobs running when it arrived (and those that ran beside it, or while
        // its request was read and its course saved), not after the 12 or more queued before it.
        expect(queuedAhead).toBeGreaterThanOrEqual(12);
        expect(doneMeanwhile).toBeLessThanOrEqual(6);
        // The backlog is processed in the end (a concurrent edit of the same course may be a 409).
        const statuses = await Promise.all(backlog);
        expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
        expect(statuses).toContain(200);
      },
    );
  });
}
