// `@courseport/shared-ui/hosted-video` (#33): the player of the videos the platform hosts. Not in
// the shared-ui singleton: only the pages that play a hosted video bundle it (load it on demand,
// `React.lazy`), and hls.js comes later still, with the first video played where the browser has
// Media Source Extensions.

import type { VideoPlayback } from '@courseport/contracts';
import { api } from '@courseport/shared-ui';

export {
  HostedVideo,
  type HostedVideoControls,
  type HostedVideoProps,
  PLAYBACK_RATES,
} from './hosted-video/HostedVideo';

/** `GET /api/videos/:videoId/playback?courseId&lectureId`: where a lesson's hosted video plays (signed, short-lived). */
export const lessonPlaybackPath = (videoId: string, courseId: string, lectureId: string) =>
  `/api/videos/${encodeURIComponent(videoId)}/playback?${new URLSearchParams({ courseId, lectureId })}`;

/** A lesson's hosted video playback: the caller's token goes with it, as with every call (signed out: a free preview). */
export async function loadLessonPlayback(videoId: string, courseId: string, lectureId: string): Promise<VideoPlayback> {
  const res = await api.get<{ playback: VideoPlayback }>(lessonPlaybackPath(videoId, courseId, lectureId));
  return res.playback;
}
