import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { CAPTIONS_PER_VIDEO, type EducatorVideo, type VideoPlayback } from '@courseport/contracts';
import type { AuthContext } from '../../auth/verify.js';
import type { Clock } from '../../clock.js';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized } from '../../http/errors.js';
import { ID_PATTERN, newId, type Store } from '../../store/index.js';
import { type ProbedVideo, probeVideo, VideoRejectedError } from '../../video/probe.js';
import { courseRecords, statusOf } from '../courses/index.js';
import type { UploadQuota } from '../media/index.js';
import { parseCaptions } from './captions.js';
import { posterUrlOf, videoFactsOf } from './facts.js';
import { type StoredCaption, type VideoDoc, type VideoProbe, videosRepository } from './repository.js';
import { type StreamGrant, streamTokens } from './stream-tokens.js';
import type { StoredFile } from './transcoding.js';

export const VIDEO_NOT_FOUND = 'Video not found';
const MiB = 1024 * 1024;

/** A video as its owner sees it (the API's answer): the contract's `EducatorVideo`. */
export type VideoView = EducatorVideo;

export const STREAM_FILE_NOT_FOUND = 'This file is not part of the video';
export const VIDEO_NOT_READY = 'The video is not ready yet';
export const SIGN_IN_TO_WATCH = 'Please sign in to watch this lesson';
export const ENROLL_TO_WATCH = 'Enroll in this course to watch this lesson';
export const TOO_MANY_CAPTIONS = `A video may have at most ${CAPTIONS_PER_VIDEO} caption languages`;
export const VIDEO_IN_USE = (courseTitle: string) =>
  `This video is used by a lesson: remove it from "${courseTitle}" first`;

/** A lesson id as a playback query may name it (bounded; ids are the server's). */
const LECTURE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** What the transcoding queue (later work) is told of an accepted upload. */
export interface UploadedVideo {
  videoId: string;
  ownerId: string;
  /** The uploaded file, absolute. */
  file: string;
  probe: VideoProbe;
}
/** The port compose.ts fills: called once per accepted upload, after it is marked 'queued'. */
export type OnVideoUploaded = (video: UploadedVideo) => Promise<void> | void;

export interface VideosOptions {
  quota: UploadQuota;
  /** Bytes of video one educator may keep (VIDEO_QUOTA_MB). */
  quotaBytes: number;
  /** Where tus writes uploads (DATA_DIR/video-uploads). */
  uploadDir: string;
  onVideoUploaded: OnVideoUploaded;
  /** Logs a failure of the port (the upload stays accepted). */
  logError: (error: unknown, message: string) => void;
  /** The content check (default: probeVideo). */
  probe?: (file: string) => Promise<ProbedVideo>;
  /** The API's public URL (posters, stream URLs). */
  publicApiUrl: string;
  /** Signs stream tokens (`Auth.linkKey`) for `urlTtlS` seconds (VIDEO_URL_TTL_S). */
  linkKey: Buffer;
  urlTtlS: number;
  isAdmin: (auth: AuthContext) => Promise<boolean>;
}

/** The video quota is counted apart from the image/resource quota, in the same usage collection. */
export const videoUsageKey = (ownerId: string) => `video:${ownerId}`;

export const videoQuotaFull = (bytes: number) =>
  `You have reached your video storage quota of ${Math.round(bytes / MiB)} MB. Delete a video or contact support for more room.`;

/** A file name from the client's metadata, for display only (never a path). */
export function displayName(value: string | null | undefined): string {
  const clean = (value ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f/\\]/g, '_')
    .trim()
    .slice(0, 200);
  return clean || 'video';
}

export const toProbe = (probed: ProbedVideo): VideoProbe => ({
  width: probed.displayWidth,
  height: probed.displayHeight,
  duration: probed.duration,
  videoCodec: probed.videoCodec,
  audioCodec: probed.audioCodec ?? null,
  container: probed.container,
});

/**
 * Hosted videos (#33): the record of each tus upload, its owner's video quota (reserved from
 * Upload-Length at creation, given back when the video is deleted or refused), the content check
 * by ffprobe when the last byte arrives, and the caller's list, detail and delete (409 while a
 * lesson plays it); captions; playback (signed stream URLs for whoever may open a lesson, or the
 * owner) and the files those URLs name; posters; the facts lessons take from a video. Calls media
 * (the upload quota) and courses (the lessons that play a video).
 */
export function videosService(store: Store, clock: Clock, options: VideosOptions) {
  const videos = videosRepository(store);
  const { quota, quotaBytes, uploadDir } = options;
  const probe = options.probe ?? ((file: string) => probeVideo(file));
  const fileOf = (videoId: string) => path.join(uploadDir, videoId);
  const courses = courseRecords(store);
  const tokens = streamTokens(options.linkKey, clock, options.urlTtlS);
  const posterUrl = (doc: VideoDoc) => posterUrlOf(doc, options.publicApiUrl);
  const factsOf = (doc: VideoDoc) => videoFactsOf(doc, options.publicApiUrl);

  /** The lessons that play the video get its facts again (after captions change, or it became ready). */
  async function syncLectures(doc: VideoDoc): Promise<void> {
    if (doc.status !== 'ready') return;
    await courses.setVideoFacts(doc._id, factsOf(doc));
  }

  /** Signed URLs of a ready video for the player, valid VIDEO_URL_TTL_S. */
  function playbackOf(doc: VideoDoc): VideoPlayback {
    const grant: StreamGrant = tokens.sign(doc._id);
    const base = `${options.publicApiUrl}/api/stream/${grant.token}`;
    return {
      videoId: doc._id,
      src: `${base}/${String(doc.master ?? 'master.m3u8')}`,
      posterUrl: posterUrl(doc),
      durationS: Number(doc.durationS ?? 0),
      captions: (doc.captions ?? []).map((c) => ({
        lang: c.lang,
        label: c.label,
        src: `${base}/captions/${c.lang}.vtt`,
      })),
      expiresAt: new Date(grant.expires).toISOString(),
    };
  }

  /** The upload's bytes and tus' metadata file. */
  async function removeFiles(videoId: string): Promise<void> {
    await rm(fileOf(videoId), { force: true });
    await rm(`${fileOf(videoId)}.json`, { force: true });
  }

  async function giveBack(doc: Pick<VideoDoc, 'ownerId' | 'quotaBytes'>): Promise<void> {
    if (doc.quotaBytes > 0) await quota.release(videoUsageKey(doc.ownerId), doc.quotaBytes);
  }

  /** Bytes on disk while uploading (the live offset, whichever replica received them). */
  async function liveOffset(doc: VideoDoc): Promise<number> {
    if (doc.status !== 'uploading') return doc.uploadOffset;
    return Math.min(doc.size, (await stat(fileOf(doc._id)).catch(() => null))?.size ?? doc.uploadOffset);
  }

  async function view(doc: VideoDoc): Promise<VideoView> {
    const uploadOffset = await liveOffset(doc);
    return {
      videoId: doc._id,
      status: doc.status,
      fileName: doc.fileName,
      size: doc.size,
      uploadOffset,
      progress:
        doc.status === 'processing' || doc.status === 'ready'
          ? Number(doc.transcodeProgress ?? 0)
          : doc.size > 0
            ? Math.floor((uploadOffset / doc.size) * 100)
            : 100,
      attempts: Number(doc.attempts ?? 0),
      durationS: typeof doc.durationS === 'number' ? doc.durationS : null,
      renditions: Array.isArray(doc.renditions)
        ? (doc.renditions as Array<{ name: string; width: number; height: number }>).map(({ name, width, height }) => ({
            name,
            width,
            height,
          }))
        : [],
      probe: doc.probe,
      failureReason: doc.failureReason,
      posterUrl: posterUrl(doc),
      captions: (doc.captions ?? []).map(({ lang, label, cues, bytes }) => ({ lang, label, cues, bytes })),
      createdAt: doc.createdAt.toISOString(),
      updatedAt: doc.updatedAt.toISOString(),
    };
  }

  async function owned(ownerId: string, videoId: string): Promise<VideoDoc> {
    const doc = await videos.findOne({ _id: videoId, ownerId });
    if (!doc) throw notFound(VIDEO_NOT_FOUND);
    return doc;
  }

  return {
    fileOf,

    /** Refuses (404) a tus request on an upload that is not the caller's. */
    async assertOwner(ownerId: string, videoId: string): Promise<void> {
      await owned(ownerId, videoId);
    },

    /**
     * A new upload (tus POST): `size` bytes reserved in the owner's video quota (413 when they do
     * not fit, nothing taken), then its record, 'uploading'.
     */
    async created(videoId: string, ownerId: string, fileName: string, size: number): Promise<void> {
      try {
        await quota.reserve(videoUsageKey(ownerId), size, quotaBytes);
      } catch (error) {
        if (error instanceof HttpError && error.status === 413) throw new HttpError(413, videoQuotaFull(quotaBytes));
        throw error;
      }
      const now = clock.now();
      try {
        await videos.insertOne({
          _id: videoId,
          ownerId,
          status: 'uploading',
          fileName: displayName(fileName),
          size,
          uploadOffset: 0,
          probe: null,
          failureReason: null,
          quotaBytes: size,
          createdAt: now,
          updatedAt: now,
        });
      } catch (error) {
        await quota.release(videoUsageKey(ownerId), size).catch(() => {});
        throw error;
      }
    },

    /**
     * The last byte arrived: ffprobe checks the file. Accepted: 'queued' with what it found, and the
     * port is told. Refused: 'failed' with the reason, the file deleted, the quota given back, and
     * the refusal thrown (a VideoRejectedError: 415 not a video, 413 too large or too long).
     */
    async finished(videoId: string): Promise<VideoView> {
      const doc = await videos.findOne({ _id: videoId, status: 'uploading' });
      if (!doc) throw notFound(VIDEO_NOT_FOUND);
      let probed: ProbedVideo;
      try {
        probed = await probe(fileOf(videoId));
      } catch (error) {
        const refusal =
          error instanceof VideoRejectedError
            ? error
            : new VideoRejectedError(422, 'The video could not be checked: please upload it again');
        await removeFiles(videoId);
        const failed = await videos.findOneAndUpdate(
          { _id: videoId, status: 'uploading' },
          {
            $set: {
              status: 'failed',
              failureReason: refusal.message,
              uploadOffset: doc.size,
              quotaBytes: 0,
              updatedAt: clock.now(),
            },
          },
        );
        if (failed) await giveBack(doc);
        throw refusal;
      }
      const queued = await videos.findOneAndUpdate(
        { _id: videoId, status: 'uploading' },
        { $set: { status: 'queued', probe: toProbe(probed), uploadOffset: doc.size, updatedAt: clock.now() } },
      );
      if (!queued) throw notFound(VIDEO_NOT_FOUND);
      try {
        await options.onVideoUploaded({
          videoId,
          ownerId: doc.ownerId,
          file: fileOf(videoId),
          probe: toProbe(probed),
        });
      } catch (error) {
        options.logError(error, 'onVideoUploaded failed');
      }
      return view(queued);
    },

    /** The caller's videos, newest first, a page at a time. */
    async list(ownerId: string, offset: number, limit: number): Promise<{ videos: VideoView[]; total: number }> {
      const [total, docs] = await Promise.all([
        videos.countDocuments({ ownerId }),
        videos.find({ ownerId }, { sort: { createdAt: -1, _id: -1 }, skip: offset, limit }),
      ]);
      return { videos: await Promise.all(docs.map(view)), total };
    },

    async detail(ownerId: string, videoId: string): Promise<VideoView> {
      return view(await owned(ownerId, videoId));
    },

    /**
     * Abandoned uploads: a video still 'uploading' whose last byte arrived more than `expiryMs` ago
     * (by the app's clock; the last byte is the upload file's modification time, or the record's
     * last write if later) is deleted with its file, tus' `.json` and what it took of the quota.
     * Idempotent and safe on several processes at once: only the one whose delete matched gives
     * the quota back. Returns how many went.
     */
    async sweepAbandoned(expiryMs: number): Promise<number> {
      const cutoff = clock.now().getTime() - expiryMs;
      const stale = await videos.find({ status: 'uploading', updatedAt: { $lte: new Date(cutoff) } });
      let swept = 0;
      for (const doc of stale) {
        const file = await stat(fileOf(doc._id)).catch(() => null);
        if (Math.max(doc.updatedAt.getTime(), file?.mtimeMs ?? 0) > cutoff) continue;
        if ((await videos.deleteOne({ _id: doc._id, status: 'uploading' })) === 0) continue;
        await removeFiles(doc._id);
        await giveBack(doc);
        swept++;
      }
      return swept;
    },

    /**
     * Deletes the caller's video: its file, its record, its renditions' and captions' blobs, and what
     * it took of their quota. 409 while a lesson plays it.
     */
    async remove(ownerId: string, videoId: string): Promise<void> {
      const doc = await owned(ownerId, videoId);
      const [usedBy] = await courses.playingVideo(videoId);
      if (usedBy) throw conflict(VIDEO_IN_USE(usedBy.courseTitle));
      const deleted = await videos.deleteOne({ _id: doc._id, ownerId });
      if (deleted === 0) throw notFound(VIDEO_NOT_FOUND);
      await removeFiles(doc._id);
      // Its renditions (stored by the transcoding queue); a run still going finds its fence gone and drops its own.
      const blobs = [
        ...(Array.isArray(doc.files) ? (doc.files as Array<{ blob: string }>).map((f) => f.blob) : []),
        ...(doc.captions ?? []).map((c) => c.blob),
      ];
      await Promise.all(blobs.map((blob) => store.blobs.delete(blob).catch(() => {})));
      await giveBack(doc);
    },

    /**
     * Adds or replaces the caption track of `lang` of a ready video (409 before: "The video is not
     * ready yet"; WebVTT or SRT text, checked and written anew as WebVTT: `parseCaptions`), then the lessons that play the video get its languages. The new
     * blob is stored before the record names it; the one it replaces goes after.
     */
    async putCaptions(ownerId: string, videoId: string, lang: string, label: string, text: string): Promise<VideoView> {
      const doc = await owned(ownerId, videoId);
      // Captions are for a video that plays (and a ready record no longer moves under a change).
      if (doc.status !== 'ready') throw conflict(VIDEO_NOT_READY);
      const parsed = await parseCaptions(text);
      const existing = doc.captions ?? [];
      const before = existing.find((c) => c.lang === lang);
      if (!before && existing.length >= CAPTIONS_PER_VIDEO) throw badRequest(TOO_MANY_CAPTIONS);
      const data = Buffer.from(parsed.vtt);
      const caption: StoredCaption = {
        lang,
        label,
        cues: parsed.cues,
        bytes: data.length,
        blob: `vcap-${videoId}-${newId()}`,
      };
      await store.blobs.put(caption.blob, data, 'text/vtt');
      const captions = [...existing.filter((c) => c.lang !== lang), caption].sort((a, b) =>
        a.lang.localeCompare(b.lang),
      );
      // Conditional on the list read: two changes at once cannot lose one another's track.
      const saved = await videos.findOneAndUpdate(
        { _id: videoId, ownerId, updatedAt: doc.updatedAt },
        { $set: { captions, updatedAt: clock.now() } },
      );
      if (!saved) {
        await store.blobs.delete(caption.blob).catch(() => {});
        throw conflict('The video was changed meanwhile. Please try again.');
      }
      if (before) await store.blobs.delete(before.blob).catch(() => {});
      await syncLectures(saved);
      return view(saved);
    },

    /** Removes the caption track of `lang` (404 when there is none), and the language from the lessons. */
    async removeCaptions(ownerId: string, videoId: string, lang: string): Promise<VideoView> {
      const doc = await owned(ownerId, videoId);
      const before = (doc.captions ?? []).find((c) => c.lang === lang);
      if (!before) throw notFound('This video has no captions in that language');
      const saved = await videos.findOneAndUpdate(
        { _id: videoId, ownerId, updatedAt: doc.updatedAt },
        { $set: { captions: (doc.captions ?? []).filter((c) => c.lang !== lang), updatedAt: clock.now() } },
      );
      if (!saved) throw conflict('The video was changed meanwhile. Please try again.');
      await store.blobs.delete(before.blob).catch(() => {});
      await syncLectures(saved);
      return view(saved);
    },

    /**
     * What lessons playing these videos take from them, for a course save by `ownerId`: each must be
     * one of the owner's videos (404 otherwise) and ready (400). `where` names each id's field.
     */
    async lessonFacts(ownerId: string, wanted: ReadonlyArray<{ videoId: string; where: string }>) {
      const ids = [...new Set(wanted.map((w) => w.videoId))];
      const docs = ids.length ? await videos.find({ _id: { $in: ids }, ownerId }) : [];
      const byId = new Map(docs.map((d) => [d._id, d]));
      for (const { videoId, where } of wanted) {
        const doc = byId.get(videoId);
        if (!doc) throw notFound(`${VIDEO_NOT_FOUND} (${where})`);
        if (doc.status !== 'ready') throw badRequest(`${VIDEO_NOT_READY} (${where})`);
      }
      return new Map(docs.map((d) => [d._id, factsOf(d)]));
    },

    /** The owner's own ready video, signed for their player (409 until it is ready). */
    async ownPlayback(ownerId: string, videoId: string): Promise<VideoPlayback> {
      const doc = await owned(ownerId, videoId);
      if (doc.status !== 'ready') throw conflict(VIDEO_NOT_READY);
      return playbackOf(doc);
    },

    /**
     * A lesson's hosted video, signed for whoever may open the lesson: the course's educator, admins
     * and enrolled students; anyone (signed out too) when it is a free preview of a published course.
     * 404 "Video not found" for no such course, lesson or ready video, for a lesson that does not play
     * this video, and for a course the caller cannot see; then 401 / 403.
     */
    async lessonPlayback(
      caller: AuthContext | undefined,
      videoId: string,
      courseId: unknown,
      lectureId: unknown,
    ): Promise<VideoPlayback> {
      if (
        !ID_PATTERN.test(videoId) ||
        typeof courseId !== 'string' ||
        !ID_PATTERN.test(courseId) ||
        typeof lectureId !== 'string' ||
        !LECTURE_ID.test(lectureId)
      )
        throw notFound(VIDEO_NOT_FOUND);
      const course = await courses.byId(courseId, { courseContent: 1, educator: 1, status: 1, isPublished: 1 });
      if (!course) throw notFound(VIDEO_NOT_FOUND);
      const privileged =
        caller !== undefined && (course.educator._id === caller.userId || (await options.isAdmin(caller)));
      const enrolled = caller !== undefined && !privileged && (await courses.isEnrolled(courseId, caller.userId));
      const published = statusOf(course) === 'published';
      // A course the caller cannot see is answered as one that does not exist (#30).
      if (!privileged && !enrolled && !published) throw notFound(VIDEO_NOT_FOUND);
      const lesson = (course.courseContent ?? [])
        .flatMap((chapter) => chapter.chapterContent)
        .find((l) => l.lectureId === lectureId);
      if (!lesson || lesson.hostedVideoId !== videoId) throw notFound(VIDEO_NOT_FOUND);
      const doc = await videos.findOne({ _id: videoId, ownerId: course.educator._id, status: 'ready' });
      if (!doc) throw notFound(VIDEO_NOT_FOUND);
      if (!privileged && !enrolled && !(published && lesson.isPreviewFree)) {
        if (!caller) throw unauthorized(SIGN_IN_TO_WATCH);
        throw forbidden(ENROLL_TO_WATCH);
      }
      return playbackOf(doc);
    },

    /** The file a stream URL names (`master.m3u8`, `<rendition>/…`, `captions/<lang>.vtt`): 403 for a bad or expired token, 404 else. */
    async streamFile(
      token: string,
      filePath: string,
    ): Promise<{ bytes: Buffer; contentType: string; etag: string; maxAgeS: number }> {
      const grant = tokens.verify(token);
      const doc = await videos.findOne(
        { _id: grant.videoId, status: 'ready' },
        { projection: { files: 1, captions: 1, status: 1 } },
      );
      if (!doc) throw notFound(VIDEO_NOT_FOUND);
      const caption = /^captions\/([A-Za-z-]{2,10})\.vtt$/.exec(filePath);
      const file: { blob: string; contentType: string } | undefined = caption
        ? (doc.captions ?? [])
            .filter((c) => c.lang === caption[1])
            .map((c) => ({ blob: c.blob, contentType: 'text/vtt; charset=utf-8' }))[0]
        : ((doc.files ?? []) as StoredFile[]).find((f) => f.path === filePath);
      const bytes = file ? await store.blobs.get(file.blob) : null;
      if (!file || !bytes) throw notFound(STREAM_FILE_NOT_FOUND);
      // A cache may keep it as long as the token lives, never longer.
      const maxAgeS = Math.min(tokens.ttlS, Math.floor((grant.expires - clock.now().getTime()) / 1000));
      return { bytes, contentType: file.contentType, etag: file.blob, maxAgeS };
    },

    /** 403 for a stream token this API did not sign, or one that has expired. */
    verifyStreamToken(token: string): void {
      tokens.verify(token);
    },

    /** A ready video's poster (WebP or JPEG): public, like a course thumbnail. */
    async poster(videoId: string, format: 'webp' | 'jpg'): Promise<{ bytes: Buffer; etag: string } | null> {
      if (!ID_PATTERN.test(videoId)) return null;
      const doc = await videos.findOne(
        { _id: videoId, status: 'ready' },
        { projection: { posterBlob: 1, posterJpegBlob: 1 } },
      );
      const blob = format === 'webp' ? doc?.posterBlob : doc?.posterJpegBlob;
      if (typeof blob !== 'string') return null;
      const bytes = await store.blobs.get(blob);
      return bytes ? { bytes, etag: blob } : null;
    },
  };
}
export type VideosService = ReturnType<typeof videosService>;
