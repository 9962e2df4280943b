import { type EducatorCourse, loadAntd, queryKeys, useMutation, useQueryClient, useToast } from '@courseport/shared-ui';
import { useCallback, useState } from 'react';
import { type CourseAction, runCourseAction } from '../api/courses';

/** The confirmation each action asks for (publishing asks none: it can be undone at once). */
export const CONFIRMATIONS: Record<Exclude<CourseAction, 'publish'>, { title: string; text: string; ok: string }> = {
  unpublish: {
    title: 'Unpublish this course?',
    text: 'It leaves the catalog and search, and nobody new can buy it. Enrolled students keep learning. You can publish it again at any time.',
    ok: 'Unpublish',
  },
  archive: {
    title: 'Archive this course?',
    text: 'Like unpublishing, and it leaves your list of courses (“Show archived courses” brings it back). Enrolled students keep learning.',
    ok: 'Archive',
  },
  delete: {
    title: 'Delete this course?',
    text: 'The course, its thumbnail and its coupons are deleted for good. This cannot be undone.',
    ok: 'Delete',
  },
};

/**
 * Publish, unpublish, archive and delete from My Courses: asks first (but for publish: antd's
 * confirmation, loaded when first needed), then tells
 * the server's answer as a toast (a refusal too, e.g. what a course still needs before publishing)
 * and refetches the educator's data and the catalog. `busy`: the course an action is running for.
 */
export function useCourseActions() {
  const toast = useToast();
  const client = useQueryClient();
  const [busy, setBusy] = useState<{ courseId: string; action: CourseAction } | null>(null);
  const { mutateAsync } = useMutation({
    mutationFn: runCourseAction,
    onSettled: (_data, _error, { courseId }) => {
      void client.invalidateQueries({ queryKey: queryKeys.educator.all });
      void client.invalidateQueries({ queryKey: queryKeys.catalog.all });
      void client.invalidateQueries({ queryKey: queryKeys.course.details(courseId) });
    },
  });

  const run = useCallback(
    async (course: EducatorCourse, action: CourseAction) => {
      setBusy({ courseId: course._id, action });
      try {
        const res = await mutateAsync({ courseId: course._id, action });
        toast.success(res.message);
      } catch (error) {
        toast.failure(error, `Could not ${action} the course`);
      } finally {
        setBusy(null);
      }
    },
    [mutateAsync, toast],
  );

  const start = useCallback(
    (course: EducatorCourse, action: CourseAction) => {
      if (action === 'publish') {
        void run(course, action);
        return;
      }
      const confirmation = CONFIRMATIONS[action];
      // antd's Modal is not in the page's first load (#34): it loads here, or before when the
      // action's button is pointed at or focused (CourseActions).
      void loadAntd
        .modal()
        .then(({ Modal }) =>
          Modal.confirm({
            title: confirmation.title,
            content: (
              <>
                <strong>{course.courseTitle}</strong>
                <p style={{ margin: '8px 0 0' }}>{confirmation.text}</p>
              </>
            ),
            okText: confirmation.ok,
            okButtonProps: { danger: action === 'delete' },
            cancelText: 'Cancel',
            onOk: () => {
              void run(course, action);
            },
          }),
        )
        .catch((error: unknown) => toast.failure(error, `Could not ${action} the course`));
    },
    [run, toast],
  );

  return { busy, start };
}
