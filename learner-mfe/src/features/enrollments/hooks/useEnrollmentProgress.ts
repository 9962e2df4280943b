import { api, type CourseProgress, type EnrolledCourse, errorText, useToast } from '@courseport/shared-ui';
import { useEffect, useState } from 'react';
import { useLatest } from '../../page/hooks/useLatest';
import { COURSE_PROGRESS_PATH } from '../api/endpoints';

/** Completed lecture ids per course id. */
export type ProgressByCourse = ReadonlyMap<string, ReadonlySet<string>>;

const NOTHING_DONE: ReadonlySet<string> = new Set();

/**
 * The progress of every course, all requested at once (no waterfall) whenever the list changes.
 * A failed request counts as no completed lecture for its course; its message is shown once.
 * Null until the first round has answered.
 */
export function useEnrollmentProgress(courses: EnrolledCourse[] | null): ProgressByCourse | null {
  const toast = useLatest(useToast());
  const [progress, setProgress] = useState<ProgressByCourse | null>(null);

  useEffect(() => {
    if (!courses) return;
    let current = true;
    const requests = courses.map((course) =>
      api.post<{ progressData: CourseProgress | null }>(COURSE_PROGRESS_PATH, { courseId: course._id }).then(
        (res) => ({ id: course._id, done: new Set(res.progressData?.lectureCompleted ?? []), error: null }),
        (error: unknown) => ({ id: course._id, done: NOTHING_DONE, error }),
      ),
    );
    void Promise.all(requests).then((answers) => {
      if (!current) return;
      const failures = new Set(
        answers.filter((a) => a.error !== null).map((a) => errorText(a.error, 'Failed to load course progress')),
      );
      for (const message of failures) toast.current.error(message);
      setProgress(new Map(answers.map((a) => [a.id, a.done])));
    });
    return () => {
      current = false;
    };
  }, [courses, toast]);

  return progress;
}

export const completedIds = (progress: ProgressByCourse, courseId: string) => progress.get(courseId) ?? NOTHING_DONE;
