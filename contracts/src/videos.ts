/**
 * Hosted video (#33): what the API, the educator portal and the players agree on. A video lesson
 * plays either a YouTube link (`lectureUrl`) or a video the platform hosts (`hostedVideoId`).
 */

export const VIDEO_STATUSES = ['uploading', 'queued', 'processing', 'ready', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** Where an educator's uploads go (tus 1.0: POST to create, PATCH to send, HEAD to resume). */
export const VIDEO_UPLOADS_ENDPOINT = '/api/educator/videos/uploads';

/** A caption language: a BCP 47 tag of a language and an optional region (`en`, `hi`, `pt-BR`). */
export const CAPTION_LANGUAGE_PATTERN = /^[a-z]{2,3}(-[A-Z]{2})?$/;
/** The largest caption file accepted, in bytes (WebVTT or SRT text). */
export const CAPTION_MAX_BYTES = 512 * 1024;
/** Caption languages one video may have. */
export const CAPTIONS_PER_VIDEO = 20;

/** One caption track of a video, as its owner sees it. */
export interface VideoCaption {
  /** BCP 47 (`CAPTION_LANGUAGE_PATTERN`); one track per language. */
  lang: string;
  /** What the player's menu shows ("English", "हिन्दी"). */
  label: string;
  /** Cues in the stored WebVTT. */
  cues: number;
  bytes: number;
}

/** `GET /api/educator/videos[/:id]`: one of the caller's videos. */
export interface EducatorVideo {
  videoId: string;
  status: VideoStatus;
  fileName: string;
  size: number;
  uploadOffset: number;
  /** 0–100: bytes received while uploading; the transcoding's progress while 'processing'; 100 once ready. */
  progress: number;
  attempts: number;
  /** Seconds, once ready. */
  durationS: number | null;
  renditions: Array<{ name: string; width: number; height: number }>;
  probe: {
    width: number;
    height: number;
    duration: number;
    videoCodec: string;
    audioCodec: string | null;
    container: string;
  } | null;
  failureReason: string | null;
  /** Absolute URL of the poster frame (WebP), once ready. */
  posterUrl: string | null;
  captions: VideoCaption[];
  createdAt: string;
  updatedAt: string;
}

/**
 * `GET /api/videos/:videoId/playback?courseId&lectureId` (a lesson's hosted video; signed out for a
 * free preview) and `GET /api/educator/videos/:id/playback` (the owner's own video): what the player
 * loads. Every URL is signed and short-lived (`expiresAt`); the player asks again before then and
 * swaps the token for the requests that follow (`STREAM_TOKEN_PATTERN`).
 */
export interface VideoPlayback {
  videoId: string;
  /** Absolute URL of the HLS master playlist: `<api>/api/stream/<token>/master.m3u8`. */
  src: string;
  /** Absolute URL of the poster frame (WebP); public, cacheable. */
  posterUrl: string | null;
  durationS: number;
  captions: Array<{ lang: string; label: string; src: string }>;
  /** When the URLs above stop working (ISO 8601). */
  expiresAt: string;
}

/** `GET /api/videos/:videoId/playback?courseId&lectureId`: the path a lesson's player asks for its `VideoPlayback`. */
export const videoPlaybackPath = (videoId: string, courseId: string, lectureId: string): string =>
  `/api/videos/${encodeURIComponent(videoId)}/playback?courseId=${encodeURIComponent(courseId)}&lectureId=${encodeURIComponent(lectureId)}`;

/** The token every stream URL carries after `/api/stream/`: swap it to renew a playing session's URLs. */
export const STREAM_TOKEN_PATTERN = /\/api\/stream\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)\//;

/** Replaces the stream token in `url` with `token` (a URL without one is returned unchanged). */
export const withStreamToken = (url: string, token: string): string =>
  url.replace(STREAM_TOKEN_PATTERN, `/api/stream/${token}/`);

/** The token of a stream URL, or null. */
export const streamTokenOf = (url: string): string | null => STREAM_TOKEN_PATTERN.exec(url)?.[1] ?? null;

/** "12:05" / "1:02:09": a time in a video, for transcripts and notes. */
export function formatVideoTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}
