import {
  Button,
  type EditableCourse,
  ErrorState,
  Link,
  LoadingState,
  useParams,
  useQuery,
  useQueryState,
} from '@courseport/shared-ui';
import { useEffect, useState } from 'react';
import '../styles/add-course.css';
import { loadRichTextSanitizer } from '@courseport/shared-ui/rich-text';
import { PreviewLink } from '../components/PreviewLink';
import { CourseForm } from '../features/add-course/components/CourseForm';
import { CourseSaved } from '../features/add-course/components/CourseSaved';
import { DraftNotice } from '../features/add-course/components/DraftNotice';
import { type CourseFields, toEditInput } from '../features/add-course/hooks/chapters';
import { useCourseDraft } from '../features/add-course/hooks/useCourseDraft';
import { useCourseForm } from '../features/add-course/hooks/useCourseForm';
import { useLeaveGuard } from '../features/add-course/hooks/useLeaveGuard';
import { editableCourseQuery } from '../features/edit-course/api/course';
import { useEditCourse } from '../features/edit-course/hooks/useEditCourse';
import { PageHeader } from '../features/layout/components/PageHeader';
import { CourseStatusTag } from '../features/my-courses/components/CourseStatusTag';
import { PATHS } from '../lib/paths';

/** /educator/courses/:id/edit: the Add Course form, filled with one of the educator's courses. */
export default function EditCoursePage() {
  const { id = '' } = useParams();
  const { state, retry } = useQueryState(useQuery(editableCourseQuery(id)), {
    fallback: 'Failed to load the course',
    network: 'fallback',
    toast: 'background',
  });
  const [saved, setSaved] = useState<EditableCourse | null>(null);
  // The description is shown (sanitized) as soon as the course is there: its sanitizer loads with it.
  useEffect(() => {
    void loadRichTextSanitizer().catch(() => undefined);
  }, []);

  if (state.status === 'loading')
    return (
      <div className="ed-page ed-add">
        <PageHeader title="Edit Course" />
        <LoadingState text="Loading the course..." />
      </div>
    );
  if (state.status === 'error')
    return (
      <div className="ed-page ed-add">
        <PageHeader title="Edit Course" />
        <ErrorState title="Error Loading Course" message={state.message} onRetry={retry} />
        <p className="ed-back-link">
          <Link to={PATHS.myCourses}>Back to My Courses</Link>
        </p>
      </div>
    );
  // Keyed by the course as saved: after a save the form starts again from the saved course, so new
  // chapters and lectures carry the ids the server gave them.
  const { data } = state;
  return <EditCourseForm key={`${data._id}:${data.updatedAt ?? ''}`} course={data} saved={saved} onSaved={setSaved} />;
}

function EditCourseForm({
  course,
  saved,
  onSaved,
}: {
  course: EditableCourse;
  saved: EditableCourse | null;
  onSaved: (course: EditableCourse | null) => void;
}) {
  const form = useCourseForm(course);
  const { saving, save } = useEditCourse(course._id);
  // Kept on this device (per course) until saved; leaving with changes asks first.
  const draft = useCourseDraft(form, course._id);
  useLeaveGuard(draft.isDirty);

  const submit = async (values: CourseFields) => {
    onSaved(null);
    const result = await save(toEditInput(values, form.description, form.content.chapters, course), form.thumbnail);
    if (result) {
      draft.markSaved();
      onSaved(result);
    }
  };

  return (
    <div className="ed-page ed-add">
      <PageHeader
        title="Edit Course"
        subtitle={
          <>
            {course.courseTitle} <CourseStatusTag status={course.status} />
          </>
        }
      />
      {!saved && (
        <p className="ed-preview-line">
          <PreviewLink courseId={course._id} />
        </p>
      )}
      {saved && <CourseSaved course={saved} heading="Changes saved" />}
      {draft.restored && <DraftNotice draft={draft.restored} onDiscard={draft.discard} />}
      <CourseForm state={form} currentThumbnail={course.courseThumbnail} onFinish={submit} onFinishFailed={() => {}}>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          className="ed-add-submit"
          loading={saving}
          disabled={saving}
        >
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
        <Link className="ed-cancel-link" to={PATHS.myCourses}>
          Back to My Courses
        </Link>
      </CourseForm>
    </div>
  );
}
