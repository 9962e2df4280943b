import { type NewCourseInput, queryKeys, useMutation, useQueryClient, useToast } from '@courseport/shared-ui';
import { useCallback, useRef } from 'react';
import { type AddedCourse, addCourse } from '../api/addCourse';
import { courseProblem } from './validation';

export { ADD_COURSE_PATH } from '../api/addCourse';
export const NO_THUMBNAIL_TEXT = 'Please upload course thumbnail';
export const BUSY_TEXT = 'Please wait, course is being added...';

/**
 * Sends a new course, one at a time (a mutation). After a success the educator's data (dashboard,
 * courses, students) and the catalog are invalidated, so every screen that shows them refetches.
 */
export function useAddCourse() {
  const toast = useToast();
  const client = useQueryClient();
  // A second submit can come before the mutation's state re-renders the page: a ref answers at once.
  const busy = useRef(false);
  const mutation = useMutation({
    mutationFn: addCourse,
    // Not awaited: the success is told at once; the refetches run behind it.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.educator.all });
      void client.invalidateQueries({ queryKey: queryKeys.catalog.all });
    },
  });
  const { mutateAsync } = mutation;

  /** Refuses (with a toast) while a course is being sent or without a thumbnail; true when it may go. */
  const mayStart = useCallback(
    (thumbnail: File | null): thumbnail is File => {
      if (busy.current) {
        toast.warning(BUSY_TEXT);
        return false;
      }
      if (!thumbnail) {
        toast.error(NO_THUMBNAIL_TEXT);
        return false;
      }
      return true;
    },
    [toast],
  );

  /**
   * Sends the course (published, or a draft with `input.status: 'draft'`) after checking it as the
   * server will; `onAdded` runs after a success with the new course.
   */
  const submit = useCallback(
    async (input: NewCourseInput, thumbnail: File | null, onAdded: (course: AddedCourse) => void) => {
      if (!mayStart(thumbnail)) return;
      const problem = courseProblem(input);
      if (problem) {
        toast.error(`Please fix the course first: ${problem}`);
        return;
      }
      busy.current = true;
      try {
        const res = await mutateAsync({ input, thumbnail });
        const draft = input.status === 'draft';
        toast.success(draft ? 'Draft saved' : res.message || 'Course added successfully!');
        onAdded({ ...res.course, status: draft ? 'draft' : 'published' });
      } catch (error) {
        toast.failure(error, 'Failed to add course');
      } finally {
        busy.current = false;
      }
    },
    [mayStart, mutateAsync, toast],
  );

  /** A submit the form refused (a required field is empty): still say what else is missing. */
  const refused = useCallback(
    (thumbnail: File | null) => {
      if (busy.current) toast.warning(BUSY_TEXT);
      else if (!thumbnail) toast.error(NO_THUMBNAIL_TEXT);
    },
    [toast],
  );

  return { submitting: mutation.isPending, submit, refused };
}
