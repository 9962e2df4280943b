import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDoc } from '../src/modules/courses/index.js';
import { type StoredCaption, type StoredFile, type VideoDoc, videoUsageKey } from '../src/modules/videos/index.js';
import { seedDemo } from '../src/seed/demo.js';
import { DEMO_VIDEO_COURSE, DEMO_VIDEOS } from '../src/seed/videos.js';
import { VideoToolsMissingError } from '../src/video/binaries.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bothStores } from './support/stores.js';

/**
 * The demo hosted videos (#33, `seed/videos.ts`): a first start shows two hosted video lessons in
 * the demo educator's course, one free preview and one paid, each a ready video (transcoded by the
 * real pipeline, stored as the queue stores one) with English captions; seeded once; and a machine
 * without ffmpeg still gets the rest of the demo data, with a warning.
 */

for (const adapter of bothStores('demo-videos')) {
  describe.runIf(adapter.enabled)(`demo hosted videos: ${adapter.name}`, { timeout: 180_000 }, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi({ store: await adapter.open(), config: { mode: 'demo', demoSeed: true } });
    });
    afterAll(() => api?.close());

    it('seeds two ready, captioned hosted videos as a free and a paid lesson of one course, once', async () => {
      expect(await seedDemo(api.deps)).toBe(true);
      expect(await seedDemo(api.deps)).toBe(false);
      const { store, config } = api.deps;
      const course = (await store
        .collection<CourseDoc>('courses')
        .findOne({ courseTitle: DEMO_VIDEO_COURSE })) as CourseDoc;
      const hosted = course.courseContent.flatMap((c) => c.chapterContent).filter((l) => l.hostedVideoId);
      expect(hosted.map((l) => [l.lectureTitle, l.isPreviewFree])).toEqual(
        DEMO_VIDEOS.map((v) => [v.lectureTitle, v.isPreviewFree]),
      );
      expect(hosted.map((l) => l.isPreviewFree).sort()).toEqual([false, true]);
      const videos = await store.collection<VideoDoc>('videos').find({});
      expect(videos).toHaveLength(2);
      for (const lesson of hosted) {
        const video = videos.find((v) => v._id === lesson.hostedVideoId) as VideoDoc;
        expect(video).toMatchObject({ status: 'ready', ownerId: course.educator._id, transcodeProgress: 100 });
        expect(lesson.lectureUrl).toBeUndefined();
        expect(lesson.lessonKind).toBeUndefined();
        expect(lesson.captionLanguages).toEqual(['en']);
        expect(lesson.posterUrl).toBe(`${config.publicApiUrl}/api/videos/${video._id}/poster.webp`);
        expect(lesson.lectureDuration).toBe(Math.ceil(Number(video.durationS) / 60));
        expect(Number(video.durationS)).toBeGreaterThan(5);
        // Stored as the transcoding queue's ready step stores a video: every file a blob.
        const files = video.files as StoredFile[];
        expect(files.map((f) => f.path)).toEqual(
          expect.arrayContaining(['master.m3u8', '360p/index.m3u8', 'poster.webp', 'poster.jpg']),
        );
        expect(video.posterBlob).toBe(files.find((f) => f.path === 'poster.webp')?.blob);
        expect(video.posterJpegBlob).toBe(files.find((f) => f.path === 'poster.jpg')?.blob);
        const master = await store.blobs.get(files.find((f) => f.path === 'master.m3u8')?.blob as string);
        expect(master?.toString()).toContain('#EXT-X-STREAM-INF');
        expect(
          (await Promise.all(files.map((f) => store.blobs.get(f.blob)))).every((b, i) => b?.length === files[i]?.bytes),
        ).toBe(true);
        // English captions: the WebVTT blob and its summary.
        const [caption] = video.captions as StoredCaption[];
        expect(caption).toMatchObject({ lang: 'en', label: 'English', cues: 3, blob: `cap-${video._id}-en` });
        const vtt = await store.blobs.get(caption?.blob as string);
        expect(vtt?.toString().startsWith('WEBVTT')).toBe(true);
        expect(vtt?.length).toBe(caption?.bytes);
      }
      // Counted in the educator's video quota, as uploads would be.
      const usage = (await store.collection('uploadUsage').findOne({ _id: videoUsageKey(course.educator._id) })) as {
        bytes?: number;
      } | null;
      expect(usage?.bytes).toBe(videos.reduce((sum, v) => sum + v.size, 0));
    });
  });
}

describe('demo seed without ffmpeg', () => {
  let api: TestApi;
  const warnings: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        warnings.push(String(chunk));
        callback();
      },
    });
    api = await startTestApi({ config: { mode: 'demo', demoSeed: true }, logger: pino({ level: 'warn' }, sink) });
  });
  afterAll(() => api?.close());

  it('seeds everything else and warns', async () => {
    const missing = () => {
      throw new VideoToolsMissingError('ffmpeg was not found: install it (apt-get install ffmpeg)');
    };
    expect(await seedDemo(api.deps, { videoTools: missing })).toBe(true);
    const course = (await api.deps.store
      .collection<CourseDoc>('courses')
      .findOne({ courseTitle: DEMO_VIDEO_COURSE })) as CourseDoc;
    const lessons = course.courseContent.flatMap((c) => c.chapterContent);
    expect(lessons.some((l) => l.hostedVideoId)).toBe(false);
    expect(lessons.length).toBeGreaterThan(3);
    expect(await api.deps.store.collection('videos').countDocuments({})).toBe(0);
    expect(warnings.join('')).toContain('The demo hosted videos were skipped');
    expect(warnings.join('')).toContain('ffmpeg was not found');
  });
});
