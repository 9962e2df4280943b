import { apiRequest, errorText, type NewCourseInput, useToast } from '@courseport/shared-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { courseFormData } from './chapters';

export const ADD_COURSE_PATH = '/api/educator/add-course';
export const NO_THUMBNAIL_TEXT = 'Please upload course thumbnail';
export const BUSY_TEXT = 'Please wait, course is being added...';

/** Sends a new course (multipart: `courseData` JSON and the `image`), one at a time. */
export function useAddCourse() {
  const toast = useToast();
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

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

  /** Sends the course; `onAdded` runs after a success (the page resets its form). */
  const submit = useCallback(
    async (input: NewCourseInput, thumbnail: File | null, onAdded: () => void) => {
      if (!mayStart(thumbnail)) return;
      busy.current = true;
      setSubmitting(true);
      try {
        const res = await apiRequest<{ course: unknown }>(ADD_COURSE_PATH, {
          method: 'POST',
          body: courseFormData(input, thumbnail),
        });
        toast.success(res.message || 'Course added successfully!');
        if (mounted.current) onAdded();
      } catch (error) {
        toast.error(errorText(error, 'Failed to add course'));
      } finally {
        busy.current = false;
        if (mounted.current) setSubmitting(false);
      }
    },
    [mayStart, toast],
  );

  /** A submit the form refused (a required field is empty): still say what else is missing. */
  const refused = useCallback(
    (thumbnail: File | null) => {
      if (busy.current) toast.warning(BUSY_TEXT);
      else if (!thumbnail) toast.error(NO_THUMBNAIL_TEXT);
    },
    [toast],
  );

  return { submitting, submit, refused };
}
