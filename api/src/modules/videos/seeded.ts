import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../clock.js';
import { newId, type Store } from '../../store/index.js';
import type { TranscodedVideo } from '../../video/transcode.js';
import type { UploadQuota } from '../media/index.js';
import { type StoredCaption, type VideoDoc, videosRepository } from './repository.js';
import { toProbe, videoUsageKey } from './service.js';
import { blobIdOf, type StoredFile, type StoredRendition } from './transcoding.js';

/** The blob of a video's caption track in one language. */
export const captionBlobOf = (videoId: string, lang: string) => `cap-${videoId}-${lang}`;

export interface ReadyVideoInput {
  ownerId: string;
  fileName: string;
  /** The source's size: what an upload of it would have taken of the owner's video quota. */
  sourceBytes: number;
  /** `transcodeToHls`' result, its files under `dir`. */
  result: TranscodedVideo;
  dir: string;
  /** WebVTT tracks. */
  captions: Array<{ lang: string; label: string; vtt: string }>;
}

/**
 * A video that is ready at once (the demo seed, #33): the transcoded files stored as blobs and the
 * document written exactly as the transcoding queue's ready step writes them (one run, `files`,
 * `master`, `renditions`, posters, duration), with its caption tracks, and the source's size taken
 * of the owner's video quota as an upload would. The source itself is not kept (as after a run).
 */
export async function insertReadyVideo(
  store: Store,
  clock: Clock,
  quota: UploadQuota,
  quotaBytes: number,
  input: ReadyVideoInput,
): Promise<{ videoId: string; durationS: number }> {
  const videoId = newId();
  const runId = newId();
  const { result } = input;
  await quota.reserve(videoUsageKey(input.ownerId), input.sourceBytes, quotaBytes);
  const files: StoredFile[] = [];
  for (const [index, file] of result.files.entries()) {
    const blob = blobIdOf(videoId, runId, index);
    await store.blobs.put(blob, await readFile(path.join(input.dir, file.path)), file.contentType);
    files.push({ path: file.path, blob, contentType: file.contentType, bytes: file.bytes });
  }
  const captions: StoredCaption[] = [];
  for (const track of input.captions) {
    const bytes = Buffer.from(track.vtt, 'utf8');
    const blob = captionBlobOf(videoId, track.lang);
    await store.blobs.put(blob, bytes, 'text/vtt; charset=utf-8');
    captions.push({
      lang: track.lang,
      label: track.label,
      cues: track.vtt.split('\n').filter((line) => line.includes('-->')).length,
      bytes: bytes.length,
      blob,
    });
  }
  const blobOf = (p: string) => files.find((f) => f.path === p)?.blob ?? null;
  const now = clock.now();
  const doc: VideoDoc = {
    _id: videoId,
    ownerId: input.ownerId,
    status: 'ready',
    fileName: input.fileName,
    size: input.sourceBytes,
    uploadOffset: input.sourceBytes,
    probe: toProbe(result.probe),
    failureReason: null,
    quotaBytes: input.sourceBytes,
    createdAt: now,
    updatedAt: now,
    attempts: 1,
    runId,
    transcodeProgress: 100,
    startedAt: now,
    durationS: result.duration,
    renditions: result.renditions.map(
      (r): StoredRendition => ({ name: r.name, width: r.width, height: r.height, playlist: r.playlist }),
    ),
    master: result.master,
    posterBlob: blobOf(result.poster.webp),
    posterJpegBlob: blobOf(result.poster.jpeg),
    files,
    captions,
    finishedAt: now,
  };
  await videosRepository(store).insertOne(doc);
  return { videoId, durationS: result.duration };
}
