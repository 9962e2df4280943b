import type { HostedVideoFacts } from '../courses/index.js';
import type { VideoDoc } from './repository.js';

/** The public poster of a video (`posterUrl`): WebP, or the JPEG beside it. */
export const posterPath = (videoId: string, format: 'webp' | 'jpg' = 'webp') =>
  `/api/videos/${videoId}/poster.${format}`;

/** A ready video's poster URL (null before). */
export const posterUrlOf = (doc: VideoDoc, publicApiUrl: string): string | null =>
  doc.status === 'ready' && doc.posterBlob ? publicApiUrl + posterPath(doc._id) : null;

/** What the lessons that play a video take from it: its duration, caption languages and poster. */
export const videoFactsOf = (doc: VideoDoc, publicApiUrl: string): HostedVideoFacts => ({
  durationS: Number(doc.durationS ?? 0),
  captionLanguages: (doc.captions ?? []).map((c) => c.lang),
  posterUrl: posterUrlOf(doc, publicApiUrl),
});
