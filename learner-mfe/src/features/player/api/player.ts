import { api, type VideoPlayback, videoPlaybackPath } from '@courseport/shared-ui';

export const UPDATE_PROGRESS_PATH = '/api/user/update-course-progress';
export const ADD_RATING_PATH = '/api/user/add-rating';

/** `POST /api/user/update-course-progress`: marks a lecture completed; answers the server's message. */
export async function completeLecture({ courseId, lectureId }: { courseId: string; lectureId: string }) {
  const res = await api.post(UPDATE_PROGRESS_PATH, { courseId, lectureId });
  return res.message as string | undefined;
}

/** `POST /api/user/add-rating`: the student's rating of a course (whole stars, 1–5); answers the server's message. */
export async function rateCourse({ courseId, rating }: { courseId: string; rating: number }) {
  const res = await api.post(ADD_RATING_PATH, { courseId, rating });
  return res.message as string | undefined;
}

export const SAVE_POSITION_PATH = '/api/user/save-position';

/**
 * `POST /api/user/save-position`: where the student is in the course (the lecture and the second
 * into its video). `leaving`: sent while the page is hidden or closed, so the request outlives it.
 */
export async function savePosition(
  { courseId, lectureId, seconds }: { courseId: string; lectureId: string; seconds: number },
  { leaving = false }: { leaving?: boolean } = {},
) {
  await api.post(SAVE_POSITION_PATH, { courseId, lectureId, seconds }, leaving ? { keepalive: true } : {});
}

/**
 * `GET /api/videos/:videoId/playback?courseId&lectureId` (#33): the signed, short-lived URLs of a
 * lesson's hosted video (enrolled students, the educator previewing, admins).
 */
export async function loadLessonPlayback({
  videoId,
  courseId,
  lectureId,
}: {
  videoId: string;
  courseId: string;
  lectureId: string;
}): Promise<VideoPlayback> {
  const res = await api.get<{ playback: VideoPlayback }>(videoPlaybackPath(videoId, courseId, lectureId));
  return res.playback;
}
