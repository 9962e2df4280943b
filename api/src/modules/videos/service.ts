import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../clock.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { Store } from '../../store/index.js';
import { type ProbedVideo, probeVideo, VideoRejectedError } from '../../video/probe.js';
import type { UploadQuota } from '../media/index.js';
import { type VideoDoc, type VideoProbe, type VideoStatus, videosRepository } from './repository.js';

export const VIDEO_NOT_FOUND = 'Video not found';
const MiB = 1024 * 1024;

/** A video as its owner sees it (the API's answer). */
export interface VideoView {
  videoId: string;
  status: VideoStatus;
  fileName: string;
  size: number;
  uploadOffset: number;
  /** 0–100: bytes received while uploading; the transcoding's progress while 'processing'; 100 once ready. */
  progress: number;
  /** Transcoding runs started so far (a retry is a run). */
  attempts: number;
  /** Seconds, once ready. */
  durationS: number | null;
  /** The HLS renditions, once ready. */
  renditions: Array<{ name: string; width: number; height: number }>;
  probe: VideoProbe | null;
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
}

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
 * by ffprobe when the last byte arrives, and the caller's list, detail and delete. Calls media
 * (the upload quota).
 */
export function videosService(store: Store, clock: Clock, options: VideosOptions) {
  const videos = videosRepository(store);
  const { quota, quotaBytes, uploadDir } = options;
  const probe = options.probe ?? ((file: string) => probeVideo(file));
  const fileOf = (videoId: string) => path.join(uploadDir, videoId);

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

    /** Deletes the caller's video: its file, its record, its renditions' blobs, and what it took of their quota. */
    async remove(ownerId: string, videoId: string): Promise<void> {
      const doc = await owned(ownerId, videoId);
      const deleted = await videos.deleteOne({ _id: doc._id, ownerId });
      if (deleted === 0) throw notFound(VIDEO_NOT_FOUND);
      await removeFiles(doc._id);
      // Its renditions (stored by the transcoding queue); a run still going finds its fence gone and drops its own.
      const blobs = Array.isArray(doc.files) ? (doc.files as Array<{ blob: string }>).map((f) => f.blob) : [];
      await Promise.all(blobs.map((blob) => store.blobs.delete(blob).catch(() => {})));
      await giveBack(doc);
    },
  };
}
export type VideosService = ReturnType<typeof videosService>;
