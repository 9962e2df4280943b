import type { EditableCourse } from '@courseport/shared-ui';
import { Form } from '@courseport/shared-ui/heavy';
import { useCallback, useMemo, useState } from 'react';
import { type CourseFields, draftsOf } from './chapters';
import { useCourseContent } from './useCourseContent';

export const EMPTY_COURSE: CourseFields = { courseTitle: '', coursePrice: 0, discount: 0, category: '', level: '' };

/**
 * Everything the course form holds: the antd form (title, price, discount), the description, the
 * chosen thumbnail and the chapters. Add Course starts empty; Edit Course from the saved course.
 */
export function useCourseForm(course?: EditableCourse) {
  const [form] = Form.useForm<CourseFields>();
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
  const [description, setDescription] = useState(course?.courseDescription ?? '');
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const content = useCourseContent(course ? draftsOf(course.courseContent) : []);
  const { clear } = content;

  const reset = useCallback(() => {
    form.resetFields();
    setDescription('');
    setThumbnail(null);
    clear();
  }, [form, clear]);

  return { form, initialValues, description, setDescription, thumbnail, setThumbnail, content, reset };
}

export type CourseFormState = ReturnType<typeof useCourseForm>;
