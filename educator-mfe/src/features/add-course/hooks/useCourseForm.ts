import type { EditableCourse } from '@courseport/shared-ui';
import { useCallback, useMemo, useRef, useState } from 'react';
import { type CourseFields, draftsOf } from './chapters';
import { CourseFieldsStore } from './courseFields';
import { useCourseContent } from './useCourseContent';

export const EMPTY_COURSE: CourseFields = { courseTitle: '', coursePrice: 0, discount: 0, category: '', level: '' };

/**
 * Everything the course form holds: its fields (title, price, discount, category, level), the
 * description, the chosen thumbnail and the chapters. Add Course starts empty; Edit Course from the
 * saved course.
 */
export function useCourseForm(course?: EditableCourse) {
  const initialValues = useMemo<CourseFields>(
    () =>
      course
        ? {
            courseTitle: course.courseTitle,
            coursePrice: course.coursePrice,
            discount: course.discount,
            category: course.category ?? '',
            level: course.level ?? '',
          }
        : EMPTY_COURSE,
    [course],
  );
  const [fields] = useState(() => new CourseFieldsStore(initialValues));
  const initialDescription = course?.courseDescription ?? '';
  const initialChapters = useMemo(() => (course ? draftsOf(course.courseContent) : []), [course]);
  const [description, setDescription] = useState(initialDescription);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const content = useCourseContent(initialChapters);
  const { replace } = content;
  /**
   * Told of every change to the fields (their values live in the store, not in React state): a
   * listener, not state, so typing does not re-render the whole page.
   */
  const fieldsListener = useRef<(() => void) | null>(null);
  const touchFields = useCallback(() => fieldsListener.current?.(), []);
  fields.onChange = touchFields;

  /** Back to how the page started: empty for Add Course, the saved course for Edit Course. */
  const reset = useCallback(() => {
    fields.reset();
    setDescription(initialDescription);
    setThumbnail(null);
    replace(initialChapters);
    touchFields();
  }, [fields, initialDescription, initialChapters, replace, touchFields]);

  return {
    fields,
    initialValues,
    description,
    setDescription,
    thumbnail,
    setThumbnail,
    content,
    fieldsListener,
    touchFields,
    reset,
  };
}

export type CourseFormState = ReturnType<typeof useCourseForm>;
