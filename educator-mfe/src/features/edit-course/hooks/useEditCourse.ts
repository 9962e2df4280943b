import {
  type EditableCourse,
  type EditCourseInput,
  queryKeys,
  useMutation,
  useQueryClient,
  useToast,
} from '@courseport/shared-ui';
import { useCallback } from 'react';
import { replaceThumbnail, saveCourse } from '../api/course';

/**
 * Saves an edit of a course: its fields and content (one PATCH), then its new thumbnail if one was
 * chosen. Afterwards the educator's data, the catalog and the course page refetch; the editor's
 * copy becomes the saved course (ids of new chapters and lectures included).
 */
export function useEditCourse(courseId: string) {
  const toast = useToast();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: async ({ input, thumbnail }: { input: EditCourseInput; thumbnail: File | null }) => {
      const saved = await saveCourse({ courseId, input });
      if (!thumbnail) return saved;
      const replaced = await replaceThumbnail({ courseId, thumbnail });
      return { message: saved.message, course: replaced.course };
    },
    onSuccess: (res) => {
      client.setQueryData(queryKeys.educator.course(courseId), res.course);
      void client.invalidateQueries({ queryKey: queryKeys.educator.courses() });
      void client.invalidateQueries({ queryKey: queryKeys.educator.dashboard() });
      void client.invalidateQueries({ queryKey: queryKeys.catalog.all });
      void client.invalidateQueries({ queryKey: queryKeys.course.details(courseId) });
    },
  });
  const { mutateAsync } = mutation;

  /** Sends the edit; the saved course, or null after a failure (told as a toast). */
  const save = useCallback(
    async (input: EditCourseInput, thumbnail: File | null): Promise<EditableCourse | null> => {
      try {
        const res = await mutateAsync({ input, thumbnail });
        toast.success(res.message || 'Course updated');
        return res.course;
      } catch (error) {
        toast.failure(error, 'Failed to save the course');
        return null;
      }
    },
    [mutateAsync, toast],
  );

  return { saving: mutation.isPending, save };
}
