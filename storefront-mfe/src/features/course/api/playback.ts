import { api, type VideoPlayback, videoPlaybackPath } from '@courseport/shared-ui';

/**
 * `GET /api/videos/:videoId/playback?courseId&lectureId` (#33): the signed, short-lived URLs of a
 * free preview's hosted video (signed out too; a signed-in caller's token goes with it as usual).
 */
export async function loadPreviewPlayback(
  videoId: string,
  courseId: string,
  lectureId: string,
): Promise<VideoPlayback> {
  const res = await api.get<{ playback: VideoPlayback }>(videoPlaybackPath(videoId, courseId, lectureId));
  return res.playback;
}
