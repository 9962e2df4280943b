import { queryKeys, useQueryClient } from '@courseport/shared-ui';
import { useCallback, useRef } from 'react';
import type { ProgressData, StoredProgress } from '../../../api/progress';
import { savePosition } from '../api/player';

/** The API's bound on a saved second (a day). */
const MAX_SECONDS = 86_400;

/**
 * Saves where the student is in the course (whole seconds), skipping a save that would change
 * nothing, and keeps the cached progress in step (My Enrollments' "Continue" without a refetch).
 * Saving is quiet: a lost save costs a few seconds of resuming, never a message over the video.
 */
export function usePositionSaver(courseId: string, saved: ProgressData['position']) {
  const client = useQueryClient();
  const last = useRef(saved ? `${saved.lectureId}@${Math.floor(saved.seconds)}` : '');

  return useCallback(
    (lectureId: string, seconds: number, leaving = false) => {
      const whole = Math.min(MAX_SECONDS, Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0)));
      const key = `${lectureId}@${whole}`;
      if (key === last.current) return;
      last.current = key;
      const position = { lectureId, seconds: whole, updatedAt: new Date().toISOString() };
      client.setQueryData<StoredProgress>(queryKeys.user.progress(courseId), (old) => old && { ...old, position });
      savePosition({ courseId, lectureId, seconds: whole }, { leaving }).catch(() => {
        // Another save (the next tick, the next pause) tries again.
        if (last.current === key) last.current = '';
      });
    },
    [client, courseId],
  );
}
