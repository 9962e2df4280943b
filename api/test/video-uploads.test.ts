import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VIDEO_UPLOADS_PER_MINUTE,
  type VideoView,
  videoQuotaFull,
  videoUsageKey,
} from '../src/modules/videos/index.js';
import { NOT_A_VIDEO } from '../src/video/probe.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, userWithProfile } from './support/identity.js';
import { thumbnailPng } from './support/png.js';
import { bothStores } from './support/stores.js';
import { ffmpeg, testClip } from './support/video-clips.js';

/**
 * Resumable video uploads (#33) over tus 1.0, spoken with fetch as a tus client would: creation,
 * chunks, resume after an interruption (HEAD, then PATCH from the offset the server has), the
 * content check by ffprobe at the end, limits, the quota, owners only. The clip is made by ffmpeg.
 */

const MiB = 1024 * 1024;
const TUS = { 'Tus-Resumable': '1.0.0' };
const UPLOADS = '/api/educator/videos/uploads';
type Account = { token: string; userId: string };

let clip: Buffer;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'courseport-tus-'));
  const file = path.join(dir, 'clip.mp4');
  await ffmpeg(...testClip('320x240', 2), file);
  clip = await readFile(file);
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

for (const adapter of bothStores('video-uploads')) {
  describe.runIf(adapter.enabled)(`tus video uploads: ${adapter.name}`, { timeout: 120_000 }, () => {
    let api: TestApi;
    let owner: Account;
    let rival: Account;
    let hoarder: Account;
    let student: Account;

    beforeAll(async () => {
      api = await startTestApi({ store: await adapter.open(), config: { videoMaxMb: 2, videoQuotaMb: 3 } });
      owner = await userWithProfile(api, 'owner@example.com', { educator: true });
      rival = await userWithProfile(api, 'rival@example.com', { educator: true });
      hoarder = await userWithProfile(api, 'hoarder@example.com', { educator: true });
      student = await userWithProfile(api, 'student@example.com');
    });
    afterAll(() => api?.close());

    const usage = async (who: Account) =>
      (
        (await api.deps.store.collection('uploadUsage').findOne({ _id: videoUsageKey(who.userId) })) as {
          bytes?: number;
        } | null
      )?.bytes ?? 0;

    async function create(who: Account | null, size: number, fields: Record<string, string> = {}) {
      return api.request(UPLOADS, {
        method: 'POST',
        headers: {
          ...TUS,
          ...(who ? bearer(who.token) : {}),
          'Upload-Length': String(size),
          'Upload-Metadata': metadata({ filename: 'lesson.mp4', ...fields }),
        },
      });
    }
    async function created(who: Account, size: number, fields: Record<string, string> = {}): Promise<string> {
      const res = await create(who, size, fields);
      expect(res.status, await res.clone().text()).toBe(201);
      const location = res.headers.get('Location') ?? '';
      expect(location).toMatch(new RegExp(`^${UPLOADS}/[a-f0-9]{24}$`));
      return location;
    }
    const patch = (who: Account, location: string, offset: number, bytes: Buffer) =>
      api.request(location, {
        method: 'PATCH',
        headers: {
          ...TUS,
          ...bearer(who.token),
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
        },
        body: bytes,
      });
    const head = (who: Account, location: string) =>
      api.request(location, { method: 'HEAD', headers: { ...TUS, ...bearer(who.token) } });
    const idOf = (location: string) => location.split('/').pop() ?? '';
    async function detail(who: Account, id: string) {
      return api.json<{ success: boolean; video: VideoView; message?: string }>(`/api/educator/videos/${id}`, {
        headers: bearer(who.token),
      });
    }
    async function uploadAll(who: Account, data: Buffer, chunks: number) {
      const location = await created(who, data.length);
      const step = Math.ceil(data.length / chunks);
      let res: Response | undefined;
      for (let offset = 0; offset < data.length; offset += step) {
        res = await patch(who, location, offset, data.subarray(offset, offset + step));
        if (offset + step < data.length) expect(res.status).toBe(204);
      }
      return { location, id: idOf(location), last: res as Response };
    }

    it('takes a clip in three chunks, checks it with ffprobe and queues it', async () => {
      const { id, last } = await uploadAll(owner, clip, 3);
      expect(last.status).toBe(204);
      expect(last.headers.get('Upload-Offset')).toBe(String(clip.length));
      const { status, body } = await detail(owner, id);
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      expect(body.video).toMatchObject({
        videoId: id,
        status: 'queued',
        fileName: 'lesson.mp4',
        size: clip.length,
        uploadOffset: clip.length,
        progress: 100,
        failureReason: null,
        probe: { width: 320, height: 240, videoCodec: 'h264', audioCodec: 'aac' },
      });
      expect(body.video.probe?.duration).toBeGreaterThan(1.5);
      expect(await usage(owner)).toBe(clip.length);
      const folder = await stat(path.join(api.deps.config.dataDir, 'video-uploads'));
      expect(folder.mode & 0o777).toBe(0o700);
    });

    it('resumes an interrupted upload from the offset the server has (HEAD, then PATCH)', async () => {
      const location = await created(owner, clip.length);
      const half = Math.floor(clip.length / 2);
      expect((await patch(owner, location, 0, clip.subarray(0, half))).status).toBe(204);
      // The connection dropped here; the client asks where to go on.
      const probe = await head(owner, location);
      expect(probe.status).toBe(200);
      expect(probe.headers.get('Upload-Offset')).toBe(String(half));
      expect(probe.headers.get('Upload-Length')).toBe(String(clip.length));
      const halfway = await detail(owner, idOf(location));
      expect(halfway.body.video).toMatchObject({
        status: 'uploading',
        uploadOffset: half,
        progress: Math.floor((half / clip.length) * 100),
      });
      // A PATCH from the wrong offset is refused (409), nothing written.
      expect((await patch(owner, location, 0, clip.subarray(0, 10))).status).toBe(409);
      const done = await patch(owner, location, half, clip.subarray(half));
      expect(done.status).toBe(204);
      expect((await detail(owner, idOf(location))).body.video.status).toBe('queued');
    });

    it('takes a whole clip in the creating POST (creation-with-upload) and checks it the same way', async () => {
      const res = await api.request(UPLOADS, {
        method: 'POST',
        headers: {
          ...TUS,
          ...bearer(rival.token),
          'Upload-Length': String(clip.length),
          'Upload-Metadata': metadata({ filename: 'one-go.mp4' }),
          'Content-Type': 'application/offset+octet-stream',
        },
        body: clip,
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('Upload-Offset')).toBe(String(clip.length));
      const { body } = await detail(rival, idOf(res.headers.get('Location') ?? ''));
      expect(body.video).toMatchObject({ status: 'queued', fileName: 'one-go.mp4', progress: 100 });
    });

    it('limits how many uploads an educator starts a minute (429)', async () => {
      const busy = await userWithProfile(api, 'busy@example.com', { educator: true });
      for (let i = 0; i < VIDEO_UPLOADS_PER_MINUTE; i += 1) await created(busy, 100);
      const refused = await create(busy, 100);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
      expect(await usage(busy)).toBe(100 * VIDEO_UPLOADS_PER_MINUTE);
    });

    it('refuses what is not a video (random bytes, a PNG): failed with the reason, file gone, quota back', async () => {
      for (const bytes of [randomBytes(64 * 1024), thumbnailPng(3, 64, 36)]) {
        const before = await usage(owner);
        const location = await created(owner, bytes.length);
        expect(await usage(owner)).toBe(before + bytes.length);
        const res = await patch(owner, location, 0, bytes);
        expect(res.status).toBe(415);
        expect(await res.text()).toContain(NOT_A_VIDEO);
        const { body } = await detail(owner, idOf(location));
        expect(body.video).toMatchObject({ status: 'failed', failureReason: NOT_A_VIDEO, probe: null });
        expect(await usage(owner)).toBe(before);
        const file = path.join(api.deps.config.dataDir, 'video-uploads', idOf(location));
        await expect(stat(file)).rejects.toThrow();
      }
    });

    it('requires Upload-Length and refuses one over VIDEO_MAX_MB (413)', async () => {
      const tooLarge = await create(owner, 2 * MiB + 1);
      expect(tooLarge.status).toBe(413);
      expect(((await tooLarge.json()) as { message: string }).message).toContain('at most 2 MB');
      const deferred = await api.request(UPLOADS, {
        method: 'POST',
        headers: { ...TUS, ...bearer(owner.token), 'Upload-Defer-Length': '1' },
      });
      expect(deferred.status).toBe(400);
      expect(((await deferred.json()) as { success: boolean }).success).toBe(false);
    });

    it('reserves the quota at creation and refuses an upload that does not fit (413)', async () => {
      const first = await created(hoarder, 2 * MiB);
      await created(hoarder, MiB - 100);
      const refused = await create(hoarder, 200);
      expect(refused.status).toBe(413);
      expect(await refused.text()).toContain(videoQuotaFull(3 * MiB));
      expect(await usage(hoarder)).toBe(3 * MiB - 100);
      // Terminating an upload gives its room back.
      const terminated = await api.request(first, { method: 'DELETE', headers: { ...TUS, ...bearer(hoarder.token) } });
      expect(terminated.status).toBe(204);
      expect(await usage(hoarder)).toBe(MiB - 100);
      expect((await create(hoarder, 200)).status).toBe(201);
    });

    it('refuses signed-out callers (401) and students (403)', async () => {
      expect((await create(null, 100)).status).toBe(401);
      expect((await create(student, 100)).status).toBe(403);
      expect((await api.request('/api/educator/videos')).status).toBe(401);
      expect((await api.request('/api/educator/videos', { headers: bearer(student.token) })).status).toBe(403);
    });

    it("keeps another educator out of someone's upload and video (404)", async () => {
      const location = await created(owner, clip.length, { ownerId: rival.userId });
      const id = idOf(location);
      expect((await head(rival, location)).status).toBe(404);
      expect((await patch(rival, location, 0, clip.subarray(0, 100))).status).toBe(404);
      expect(
        (await api.request(location, { method: 'DELETE', headers: { ...TUS, ...bearer(rival.token) } })).status,
      ).toBe(404);
      expect((await detail(rival, id)).status).toBe(404);
      const del = await api.json(`/api/educator/videos/${id}`, { method: 'DELETE', headers: bearer(rival.token) });
      expect(del.status).toBe(404);
      // The owner in the upload's metadata is the caller's, not the one the client wrote.
      const info = JSON.parse(
        await readFile(path.join(api.deps.config.dataDir, 'video-uploads', `${id}.json`), 'utf8'),
      ) as { metadata: Record<string, string> };
      expect(info.metadata.ownerId).toBe(owner.userId);
      expect((await head(owner, location)).headers.get('Upload-Offset')).toBe('0');
    });

    it('lists the caller’s videos newest first, paginated; deletes one with its file and quota', async () => {
      const list = await api.json<{ success: boolean; videos: VideoView[]; total: number }>(
        '/api/educator/videos?limit=2',
        { headers: bearer(owner.token) },
      );
      expect(list.status).toBe(200);
      expect(list.body.success).toBe(true);
      expect(list.body.videos).toHaveLength(2);
      expect(list.body.total).toBeGreaterThanOrEqual(5);
      const times = list.body.videos.map((v) => v.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      const bad = await api.json('/api/educator/videos?limit=1000', { headers: bearer(owner.token) });
      expect(bad.status).toBe(400);

      const { id } = await uploadAll(owner, clip, 1);
      const before = await usage(owner);
      const del = await api.json<{ success: boolean }>(`/api/educator/videos/${id}`, {
        method: 'DELETE',
        headers: bearer(owner.token),
      });
      expect(del.status).toBe(200);
      expect(del.body.success).toBe(true);
      expect(await usage(owner)).toBe(before - clip.length);
      expect((await detail(owner, id)).status).toBe(404);
      await expect(stat(path.join(api.deps.config.dataDir, 'video-uploads', id))).rejects.toThrow();
      expect((await detail(owner, 'not-an-id')).status).toBe(404);
    });
  });
}
