import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CAPTION_MAX_BYTES,
  type EditableCourse,
  type EducatorVideo,
  type VideoPlayback,
  withStreamToken,
} from '@courseport/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeServices, type Services } from '../src/compose.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import {
  BAD_CAPTION_LANGUAGE,
  CAPTIONS_TOO_LARGE,
  ENROLL_TO_WATCH,
  NOT_CAPTIONS,
  SIGN_IN_TO_WATCH,
  STREAM_LINK_EXPIRED,
  STREAM_LINK_INVALID,
  VIDEO_IN_USE,
  VIDEO_NOT_FOUND,
  VIDEO_NOT_READY,
} from '../src/modules/videos/index.js';
import { testCourse } from './support/courses.js';
import { rawGet, startTestApi, type TestApi } from './support/http.js';
import { bearer, userWithProfile } from './support/identity.js';
import { bothStores } from './support/stores.js';
import { ffmpeg, testClip } from './support/video-clips.js';

/**
 * Hosted video playback (#33) over HTTP, on the embedded store and on MongoDB: two clips uploaded
 * through tus and made ready by the real transcoding queue; then who may play a lesson's video,
 * the signed stream URLs (expiry on the app's clock, tampering, one video's token on another),
 * byte ranges and cache headers, posters, captions (WebVTT, SRT converted, refusals), the lessons
 * that play a video (attach rules, their facts kept in step) and a video in use refused deletion.
 */

const TUS = { 'Tus-Resumable': '1.0.0' };
const UPLOADS = '/api/educator/videos/uploads';
const TTL_S = 60;
type Account = { token: string; userId: string };
type Answer<T = Record<string, unknown>> = { status: number; body: T & { success: boolean; message?: string } };

const VTT =
  'WEBVTT\n\n00:00.000 --> 00:01.000 align:start\nHello <b>there</b>\n\n00:01.500 --> 00:02.500\nSecond cue\n';
const SRT =
  '1\n00:00:01,000 --> 00:00:02,500\nHello <font color="red">world</font>\n\n2\n00:00:03,000 --> 00:00:04,000\nTwo\nlines\n';

let dir: string;
let clip: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'courseport-playback-'));
  await ffmpeg(...testClip('320x180', 3), path.join(dir, 'clip.mp4'));
  clip = await readFile(path.join(dir, 'clip.mp4'));
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

for (const adapter of bothStores('video-playback')) {
  describe.runIf(adapter.enabled)(`hosted video playback: ${adapter.name}`, { timeout: 180_000 }, () => {
    let api: TestApi;
    let services: Services;
    let owner: Account;
    let rival: Account;
    let student: Account;
    let enrolled: Account;
    let admin: Account;
    let videoA: string;
    let videoB: string;
    let pending: string;
    let course: CourseDoc;
    let offsetMs = 0;
    const clock = { now: () => new Date(Date.now() + offsetMs) };

    const auth = (who: Account | null) => (who ? bearer(who.token) : {});
    const get = <T = Record<string, unknown>>(p: string, who: Account | null = null) =>
      api.json(p, { headers: auth(who) }) as Promise<Answer<T>>;
    const send = <T = Record<string, unknown>>(method: string, p: string, who: Account | null, body?: unknown) =>
      api.json(p, {
        method,
        headers: { ...auth(who), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }) as Promise<Answer<T>>;
    const courses = () => api.deps.store.collection<CourseDoc>('courses');
    const lessonsOf = async (id: string) =>
      ((await courses().findOne({ _id: id })) as CourseDoc).courseContent.flatMap((c) => c.chapterContent);

    async function upload(who: Account, bytes: Buffer, patchBytes = true): Promise<string> {
      const created = await api.request(UPLOADS, {
        method: 'POST',
        headers: {
          ...TUS,
          ...bearer(who.token),
          'Upload-Length': String(bytes.length),
          'Upload-Metadata': `filename ${Buffer.from('lesson.mp4').toString('base64')}`,
        },
      });
      expect(created.status).toBe(201);
      const location = created.headers.get('Location') ?? '';
      if (patchBytes) {
        const patched = await api.request(location, {
          method: 'PATCH',
          headers: {
            ...TUS,
            ...bearer(who.token),
            'Upload-Offset': '0',
            'Content-Type': 'application/offset+octet-stream',
          },
          body: bytes,
        });
        expect(patched.status).toBe(204);
      }
      return location.split('/').pop() ?? '';
    }
    const video = async (id: string, who = owner) =>
      (await get<{ video: EducatorVideo }>(`/api/educator/videos/${id}`, who)).body.video;
    async function untilReady(id: string): Promise<EducatorVideo> {
      const end = Date.now() + 120_000;
      for (;;) {
        const v = await video(id);
        if (v.status === 'ready') return v;
        if (v.status === 'failed' || Date.now() > end) throw new Error(`not ready: ${JSON.stringify(v)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const playbackPath = (videoId: string, lectureId: string, courseId = course._id) =>
      `/api/videos/${videoId}/playback?courseId=${courseId}&lectureId=${lectureId}`;
    const play = (who: Account | null, videoId: string, lectureId: string, courseId?: string) =>
      get<{ playback: VideoPlayback }>(playbackPath(videoId, lectureId, courseId), who);
    const lecture = (n: number) => `${course._id}-c1-l${n}`;
    /** A URL the API signed (its public address) on the test server. */
    const local = (url: string) => {
      const { pathname, search } = new URL(url);
      return api.url + pathname + search;
    };

    beforeAll(async () => {
      api = await startTestApi({
        store: await adapter.open(),
        clock,
        config: {
          videoUrlTtlS: TTL_S,
          videoJobs: {
            lockMs: 5000,
            pollMs: 100,
            retryDelayMs: 200,
            preset: 'ultrafast',
            timeoutMs: 0,
            concurrency: 1,
          },
        },
      });
      owner = await userWithProfile(api, 'owner@example.com', { educator: true });
      rival = await userWithProfile(api, 'rival@example.com', { educator: true });
      student = await userWithProfile(api, 'student@example.com');
      enrolled = await userWithProfile(api, 'enrolled@example.com');
      admin = await userWithProfile(api, 'admin@example.com', { admin: true });
      videoA = await upload(owner, clip);
      videoB = await upload(owner, clip);
      pending = await upload(owner, clip, false);
      // A course whose lessons already name video A while it is transcoding (as one saved before
      // the attach rules would be): its facts arrive when the video becomes ready.
      course = testCourse(
        { _id: owner.userId, name: 'owner' },
        { chapters: 1, lectures: 3, enrolledStudents: [enrolled.userId], courseTitle: 'Video course' },
      );
      const [l1, l2] = course.courseContent[0]?.chapterContent ?? [];
      for (const lesson of [l1, l2]) {
        if (!lesson) continue;
        delete lesson.lectureUrl;
        lesson.hostedVideoId = videoA;
        lesson.lectureDuration = 99;
      }
      if (l1) l1.isPreviewFree = true;
      await courses().insertOne(course);
      // The real transcoding queue, as server.ts starts it.
      services = composeServices(api.deps);
      await services.transcoding.start();
      await untilReady(videoA);
      await untilReady(videoB);
    }, 180_000);
    afterAll(async () => {
      await services?.transcoding.stop(5_000);
      await api?.close();
    });

    it('a video becoming ready gives the lessons that play it its duration and poster', async () => {
      const [l1, l2, l3] = await lessonsOf(course._id);
      const posterUrl = `${api.deps.config.publicApiUrl}/api/videos/${videoA}/poster.webp`;
      for (const lesson of [l1, l2])
        expect(lesson).toMatchObject({ hostedVideoId: videoA, lectureDuration: 1, captionLanguages: [], posterUrl });
      expect(l3).toMatchObject({ lectureUrl: 'https://youtu.be/x', lectureDuration: 5 });
      expect(l3?.hostedVideoId).toBeUndefined();
      expect(((await courses().findOne({ _id: course._id })) as CourseDoc).durationMinutes).toBe(7);
      const v = await video(videoA);
      expect(v).toMatchObject({ status: 'ready', posterUrl, captions: [] });
      const list = await get<{ videos: EducatorVideo[] }>('/api/educator/videos', owner);
      expect(list.body.videos.find((x) => x.videoId === videoA)).toMatchObject({ posterUrl, captions: [] });
      expect(list.body.videos.find((x) => x.videoId === pending)).toMatchObject({ posterUrl: null, captions: [] });
    });

    it('course pages keep a hosted lesson’s video id, languages and poster, for anyone (playing needs playback)', async () => {
      const details = await get<{
        courseData: { courseContent: Array<{ chapterContent: Array<Record<string, unknown>> }> };
      }>(`/api/course/${course._id}`);
      expect(details.status).toBe(200);
      const lessons = details.body.courseData.courseContent[0]?.chapterContent ?? [];
      expect(lessons[1]).toMatchObject({ hostedVideoId: videoA, captionLanguages: [], lectureDuration: 1 });
      expect(lessons[1]?.posterUrl).toMatch(/poster\.webp$/);
      const editable = await get<{ course: EditableCourse }>(`/api/educator/courses/${course._id}`, owner);
      expect(editable.status).toBe(200);
      expect(editable.body.course.courseContent[0]?.chapterContent[1]).toMatchObject({ hostedVideoId: videoA });
    });

    it('lets the educator, admins, enrolled students and (for a free preview) anyone play; others 401/403', async () => {
      const free = await play(null, videoA, lecture(1));
      expect(free.status, JSON.stringify(free.body)).toBe(200);
      const { playback } = free.body;
      expect(playback).toMatchObject({ videoId: videoA, captions: [] });
      expect(playback.src).toMatch(
        new RegExp(`^${api.deps.config.publicApiUrl}/api/stream/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+/master\\.m3u8$`),
      );
      expect(playback.durationS).toBeGreaterThan(2);
      const expires = Date.parse(playback.expiresAt) - clock.now().getTime();
      expect(expires).toBeGreaterThan((TTL_S - 5) * 1000);
      expect(expires).toBeLessThanOrEqual(TTL_S * 1000);
      expect(free.body).toBeDefined();

      const signedOut = await play(null, videoA, lecture(2));
      expect(signedOut).toMatchObject({ status: 401, body: { success: false, message: SIGN_IN_TO_WATCH } });
      const stranger = await play(student, videoA, lecture(2));
      expect(stranger).toMatchObject({ status: 403, body: { success: false, message: ENROLL_TO_WATCH } });
      expect((await play(rival, videoA, lecture(2))).status).toBe(403);
      for (const who of [enrolled, owner, admin]) expect((await play(who, videoA, lecture(2))).status).toBe(200);
      // A free preview plays for a signed-in stranger too.
      expect((await play(student, videoA, lecture(1))).status).toBe(200);
    });

    it('answers 404 "Video not found" for a lesson that does not play it, bad ids, and courses one cannot see', async () => {
      const notFound = { status: 404, body: { success: false, message: VIDEO_NOT_FOUND } };
      expect(await play(owner, videoB, lecture(1))).toMatchObject(notFound);
      expect(await play(owner, videoA, lecture(3))).toMatchObject(notFound);
      expect(await play(owner, videoA, 'nope')).toMatchObject(notFound);
      expect(await play(owner, 'not-an-id', lecture(1))).toMatchObject(notFound);
      expect(await get(`/api/videos/${videoA}/playback`, owner)).toMatchObject(notFound);
      expect(await get(`/api/videos/${videoA}/playback?courseId[]=x&lectureId=y`, owner)).toMatchObject(notFound);
      const draft = testCourse(
        { _id: owner.userId, name: 'owner' },
        { chapters: 1, lectures: 1, isPublished: false, status: 'draft' },
      );
      const [only] = draft.courseContent[0]?.chapterContent ?? [];
      if (only) Object.assign(only, { hostedVideoId: videoA, isPreviewFree: true, lectureUrl: undefined });
      await courses().insertOne(draft);
      expect(await play(null, videoA, `${draft._id}-c1-l1`, draft._id)).toMatchObject(notFound);
      expect(await play(student, videoA, `${draft._id}-c1-l1`, draft._id)).toMatchObject(notFound);
      expect((await play(owner, videoA, `${draft._id}-c1-l1`, draft._id)).status).toBe(200);
      await courses().deleteOne({ _id: draft._id });
    });

    it('serves the HLS files by the signed URL: types, ETag, ranges, no compression, cache for the token’s life', async () => {
      const { playback } = (await play(enrolled, videoA, lecture(2))).body;
      const master = await fetch(local(playback.src));
      expect(master.status).toBe(200);
      expect(master.headers.get('content-type')).toMatch(/^application\/vnd\.apple\.mpegurl/);
      expect(master.headers.get('accept-ranges')).toBe('bytes');
      expect(master.headers.get('etag')).toMatch(/^"vid-/);
      const maxAge = Number(/max-age=(\d+)/.exec(master.headers.get('cache-control') ?? '')?.[1]);
      expect(master.headers.get('cache-control')).toMatch(/^public, max-age=\d+, immutable/);
      expect(maxAge).toBeGreaterThan(TTL_S - 5);
      expect(maxAge).toBeLessThanOrEqual(TTL_S);
      const text = await master.text();
      expect(text).toMatch(/^#EXTM3U/);
      const rendition = text.split('\n').find((line) => line.endsWith('.m3u8')) ?? '';
      expect(rendition).toMatch(/^[^/]+\/index\.m3u8$/);
      const index = await fetch(new URL(rendition, local(playback.src)));
      expect(index.status).toBe(200);
      const segment = (await index.text()).split('\n').find((line) => line.endsWith('.ts')) ?? '';
      const segmentUrl = new URL(segment, new URL(rendition, local(playback.src))).href;

      const whole = await rawGet(segmentUrl, { 'Accept-Encoding': 'gzip, br' });
      expect(whole.status).toBe(200);
      expect(whole.headers['content-type']).toBe('video/mp2t');
      expect(whole.headers['content-encoding']).toBeUndefined();
      expect(whole.body[0]).toBe(0x47); // an MPEG-TS sync byte
      const size = whole.body.length;

      const part = await rawGet(segmentUrl, { Range: 'bytes=100-199', 'Accept-Encoding': 'gzip' });
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
      expect(part.headers['content-encoding']).toBeUndefined();
      expect(part.body.equals(whole.body.subarray(100, 200))).toBe(true);
      const tail = await rawGet(segmentUrl, { Range: 'bytes=-10' });
      expect(tail.status).toBe(206);
      expect(tail.body.equals(whole.body.subarray(size - 10))).toBe(true);
      const beyond = await rawGet(segmentUrl, { Range: `bytes=${size}-` });
      expect(beyond.status).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
      // Several ranges, or a malformed header: the whole file (RFC 9110 lets a server ignore Range).
      expect((await rawGet(segmentUrl, { Range: 'bytes=0-1,5-9' })).status).toBe(200);
      expect((await rawGet(segmentUrl, { Range: 'bytes=oops' })).status).toBe(200);
      // If-Range naming another version: the whole file.
      expect((await rawGet(segmentUrl, { Range: 'bytes=0-1', 'If-Range': '"other"' })).status).toBe(200);
      const etag = whole.headers.etag ?? '';
      expect((await rawGet(segmentUrl, { 'If-None-Match': etag })).status).toBe(304);

      const base = local(playback.src).replace(/master\.m3u8$/, '');
      for (const missing of ['nope.m3u8', 'captions/en.vtt', '..%2Fmaster.m3u8', 'a/b/c.ts', 'poster.png']) {
        const res = await fetch(base + missing);
        expect(res.status, missing).toBe(404);
      }
    });

    it('refuses a tampered token, another video’s signature, and an expired one (403)', async () => {
      const a = (await play(owner, videoA, lecture(2))).body.playback.src;
      const b = (await get<{ playback: VideoPlayback }>(`/api/educator/videos/${videoB}/playback`, owner)).body.playback
        .src;
      const tokenOf = (url: string) => /\/api\/stream\/([^/]+)\//.exec(url)?.[1] ?? '';
      const [payloadA, sigA] = tokenOf(a).split('.');
      const [payloadB, sigB] = tokenOf(b).split('.');
      const invalid = { status: 403, body: { success: false, message: STREAM_LINK_INVALID } };
      const flipped = `${sigA?.slice(0, -2)}${sigA?.endsWith('AA') ? 'BB' : 'AA'}`;
      expect(await api.json(new URL(withStreamToken(a, `${payloadA}.${flipped}`)).pathname)).toMatchObject(invalid);
      expect(await api.json(new URL(withStreamToken(a, `${payloadA}.${sigB}`)).pathname)).toMatchObject(invalid);
      expect(await api.json(new URL(withStreamToken(a, `${payloadB}.${sigA}`)).pathname)).toMatchObject(invalid);
      expect(await api.json('/api/stream/garbage/master.m3u8')).toMatchObject(invalid);
      // Each token reads its own video's files only.
      const [fromA, fromB] = await Promise.all([fetch(local(a)), fetch(local(b))]);
      expect(fromA.headers.get('etag')).toContain(videoA);
      expect(fromB.headers.get('etag')).toContain(videoB);

      offsetMs += (TTL_S + 1) * 1000;
      try {
        expect(await api.json(new URL(a).pathname)).toMatchObject({
          status: 403,
          body: { success: false, message: STREAM_LINK_EXPIRED },
        });
        // A new playback answer works again.
        const again = (await play(owner, videoA, lecture(2))).body.playback.src;
        expect((await fetch(local(again))).status).toBe(200);
      } finally {
        offsetMs = 0;
      }
    });

    it('serves posters publicly with immutable caching', async () => {
      const webp = await api.request(`/api/videos/${videoA}/poster.webp`);
      expect(webp.status).toBe(200);
      expect(webp.headers.get('content-type')).toBe('image/webp');
      expect(webp.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const jpeg = await api.request(`/api/videos/${videoA}/poster.jpg`);
      expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
      expect(
        Buffer.from(await jpeg.arrayBuffer())
          .subarray(0, 2)
          .toString('hex'),
      ).toBe('ffd8');
      for (const p of [
        `/api/videos/${videoA}/poster.png`,
        `/api/videos/${pending}/poster.webp`,
        '/api/videos/x/poster.webp',
      ])
        expect((await api.request(p)).status, p).toBe(404);
    });

    it('plays the owner’s own video (409 until it is ready, 404 for anyone else’s)', async () => {
      expect((await get(`/api/educator/videos/${videoA}/playback`, owner)).status).toBe(200);
      expect(await get(`/api/educator/videos/${pending}/playback`, owner)).toMatchObject({
        status: 409,
        body: { success: false, message: VIDEO_NOT_READY },
      });
      expect((await get(`/api/educator/videos/${videoA}/playback`, rival)).status).toBe(404);
      expect((await get(`/api/educator/videos/${videoA}/playback`, student)).status).toBe(403);
      expect((await get(`/api/educator/videos/${videoA}/playback`)).status).toBe(401);
    });

    it('takes WebVTT and SRT captions (written anew as WebVTT), replaces and deletes them; lessons follow', async () => {
      const captionsPath = (lang: string, id = videoA) => `/api/educator/videos/${id}/captions/${lang}`;
      const vtt = await send<{ video: EducatorVideo }>('PUT', captionsPath('en'), owner, {
        label: '  English\u202e <b>CC</b>\u0007 ',
        text: VTT,
      });
      expect(vtt.status, JSON.stringify(vtt.body)).toBe(200);
      expect(vtt.body.video.captions).toEqual([
        { lang: 'en', label: 'English CC', cues: 2, bytes: expect.any(Number) },
      ]);
      const srt = await send<{ video: EducatorVideo }>('PUT', captionsPath('pt-BR'), owner, {
        label: 'Português',
        text: SRT,
      });
      expect(srt.status, JSON.stringify(srt.body)).toBe(200);
      expect(srt.body.video.captions.map((c) => c.lang)).toEqual(['en', 'pt-BR']);
      // The lessons that play the video list its languages.
      for (const lesson of (await lessonsOf(course._id)).slice(0, 2))
        expect(lesson.captionLanguages).toEqual(['en', 'pt-BR']);

      const { playback } = (await play(enrolled, videoA, lecture(2))).body;
      expect(playback.captions.map((c) => [c.lang, c.label])).toEqual([
        ['en', 'English CC'],
        ['pt-BR', 'Português'],
      ]);
      const pt = await fetch(local(playback.captions[1]?.src ?? ''));
      expect(pt.status).toBe(200);
      expect(pt.headers.get('content-type')).toMatch(/^text\/vtt/);
      expect(await pt.text()).toBe(
        'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nHello world\n\n2\n00:00:03.000 --> 00:00:04.000\nTwo\nlines\n',
      );
      const en = await (await fetch(local(playback.captions[0]?.src ?? ''))).text();
      expect(en).toContain('00:00:00.000 --> 00:00:01.000 align:start\nHello <b>there</b>');

      // Replacing a language keeps one track of it.
      const replaced = await send<{ video: EducatorVideo }>('PUT', captionsPath('en'), owner, {
        label: 'English',
        text: 'WEBVTT\n\n00:00.000 --> 00:02.000\nOnly one\n',
      });
      expect(replaced.body.video.captions.filter((c) => c.lang === 'en')).toEqual([
        { lang: 'en', label: 'English', cues: 1, bytes: expect.any(Number) },
      ]);
      // The old signed URL of the replaced track names the language, so it reads the new one.
      expect(await (await fetch(local(playback.captions[0]?.src ?? ''))).text()).toContain('Only one');

      const removed = await send<{ video: EducatorVideo }>('DELETE', captionsPath('pt-BR'), owner);
      expect(removed.status).toBe(200);
      expect(removed.body.video.captions.map((c) => c.lang)).toEqual(['en']);
      for (const lesson of (await lessonsOf(course._id)).slice(0, 2)) expect(lesson.captionLanguages).toEqual(['en']);
      expect((await send('DELETE', captionsPath('pt-BR'), owner)).status).toBe(404);
      expect((await fetch(local(playback.captions[1]?.src ?? ''))).status).toBe(404);
    });

    it('refuses captions that are not WebVTT or SRT, too large, in a bad language, or not the caller’s', async () => {
      const put = (lang: string, body: unknown, who: Account | null = owner, id = videoA) =>
        send('PUT', `/api/educator/videos/${id}/captions/${lang}`, who, body);
      const garbage = [
        'just some words\nand more',
        'WEBVTT\n\nno cues here',
        'WEBVTT\n\n00:00.000 --> garbage\nx',
        '1\n00:00:01,000 --> zz\nx\n',
        '\u0000\u0001binary',
      ];
      for (const text of garbage) {
        const res = await put('hi', { label: 'Hindi', text });
        expect(res.status, text).toBe(400);
        expect(res.body.message).toMatch(new RegExp(`^${NOT_CAPTIONS}: `));
      }
      const big = `WEBVTT\n\n00:00.000 --> 00:01.000\n${'x'.repeat(CAPTION_MAX_BYTES)}\n`;
      const tooBig = await put('hi', { label: 'Hindi', text: big });
      // The JSON body limit (100 kB) or the captions limit: refused before anything is stored.
      expect([400, 413]).toContain(tooBig.status);
      expect(tooBig.body.success).toBe(false);
      const overLimit = await (async () => {
        const { parseCaptions } = await import('../src/modules/videos/index.js');
        return parseCaptions(big).catch((error: { status: number; message: string }) => error);
      })();
      expect(overLimit).toMatchObject({ status: 413, message: CAPTIONS_TOO_LARGE });
      for (const lang of ['english', 'EN', 'en-us', 'x', 'en_US'])
        expect(await put(lang, { label: 'L', text: VTT }), lang).toMatchObject({
          status: 400,
          body: { message: BAD_CAPTION_LANGUAGE },
        });
      expect((await put('hi', { label: '   ', text: VTT })).status).toBe(400);
      expect((await put('hi', { label: 'x'.repeat(61), text: VTT })).status).toBe(400);
      expect((await put('hi', { label: 'Hindi' })).status).toBe(400);
      expect(await put('hi', { label: 'Hindi', text: VTT }, owner, pending)).toMatchObject({
        status: 409,
        body: { message: VIDEO_NOT_READY },
      });
      expect((await put('hi', { label: 'Hindi', text: VTT }, rival)).status).toBe(404);
      expect((await put('hi', { label: 'Hindi', text: VTT }, student)).status).toBe(403);
      expect((await put('hi', { label: 'Hindi', text: VTT }, null)).status).toBe(401);
      expect((await video(videoA)).captions.map((c) => c.lang)).toEqual(['en']);
    });

    it('attaches a hosted video to a lesson only if it is the educator’s own and ready; its facts replace the form’s', async () => {
      const edit = (hostedVideoId: string, who: Account = owner, extra: Record<string, unknown> = {}) =>
        send('PATCH', `/api/educator/courses/${course._id}`, who, {
          courseContent: [
            {
              chapterTitle: 'Chapter 1',
              chapterContent: [
                { lectureTitle: 'Hosted', lectureDuration: 42, hostedVideoId, isPreviewFree: true, ...extra },
              ],
            },
          ],
        });
      const rivalVideo = await upload(rival, clip, false);
      expect(await edit(rivalVideo)).toMatchObject({ status: 404, body: { success: false } });
      expect((await edit(rivalVideo)).body.message).toMatch(new RegExp(`^${VIDEO_NOT_FOUND}`));
      const notReady = await edit(pending);
      expect(notReady.status).toBe(400);
      expect(notReady.body.message).toMatch(new RegExp(`^${VIDEO_NOT_READY}`));
      expect((await edit(videoB, owner, { lectureUrl: 'https://youtu.be/dQw4w9WgXcQ' })).status).toBe(400);
      expect((await lessonsOf(course._id)).length).toBe(3);

      const ok = await edit(videoB);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      const [only] = await lessonsOf(course._id);
      expect(only).toMatchObject({
        hostedVideoId: videoB,
        lectureDuration: 1,
        captionLanguages: [],
        posterUrl: `${api.deps.config.publicApiUrl}/api/videos/${videoB}/poster.webp`,
      });
      expect(only?.lectureUrl).toBeUndefined();
      // Video A is no longer played by any lesson; B is, and refuses deletion.
      const inUse = await send('DELETE', `/api/educator/videos/${videoB}`, owner);
      expect(inUse).toMatchObject({ status: 409, body: { success: false, message: VIDEO_IN_USE('Video course') } });
      expect((await video(videoB)).status).toBe('ready');
      const captioned = await send('PUT', `/api/educator/videos/${videoB}/captions/hi`, owner, {
        label: 'हिन्दी',
        text: VTT,
      });
      expect(captioned.status).toBe(200);
      expect((await lessonsOf(course._id))[0]?.captionLanguages).toEqual(['hi']);
      // The lesson's player gets B now, and A's playback for that lesson is 404.
      const lectureId = only?.lectureId ?? '';
      expect((await play(null, videoB, lectureId)).status).toBe(200);
      expect((await play(null, videoA, lectureId)).status).toBe(404);
      const removed = await send('DELETE', `/api/educator/videos/${videoA}`, owner);
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    });
  });
}
