import type { VideoStatus } from '@courseport/contracts';
import type { Store } from '../../store/index.js';

// The statuses are the contract's (one place): the API's records use the same.
export { VIDEO_STATUSES, type VideoStatus } from '@courseport/contracts';

/** What ffprobe found in an accepted upload (see video/probe.ts). */
export interface VideoProbe {
  width: number;
  height: number;
  duration: number;
  videoCodec: string;
  audioCodec: string | null;
  container: string;
}

/**
 * A hosted video (#33). Its `_id` is also the tus upload id: the bytes are the file
 * `DATA_DIR/video-uploads/<_id>` while it uploads and until it is transcoded.
 */
export interface VideoDoc {
  _id: string;
  ownerId: string;
  status: VideoStatus;
  fileName: string;
  /** Bytes declared at creation (Upload-Length), reserved in the owner's video quota. */
  size: number;
  /** Bytes received, as of the last time the record was written (the live offset is the file's). */
  uploadOffset: number;
  probe: VideoProbe | null;
  failureReason: string | null;
  /** Bytes taken of the owner's video quota (given back when the video goes or is refused). */
  quotaBytes: number;
  createdAt: Date;
  updatedAt: Date;
  /** Caption tracks (#33), one per language, each a WebVTT blob. */
  captions?: StoredCaption[];
  [key: string]: unknown;
}

/** A caption track as the video document keeps it. */
export interface StoredCaption {
  lang: string;
  label: string;
  cues: number;
  bytes: number;
  blob: string;
}

export const VIDEO_INDEXES = [
  // An educator's videos, newest first.
  { collection: 'videos', fields: ['ownerId', 'createdAt'] },
  // The transcoding queue (later work): queued videos, oldest first.
  { collection: 'videos', fields: ['status', 'updatedAt'] },
] as const;

export const videosRepository = (store: Store) => store.collection<VideoDoc>('videos');
