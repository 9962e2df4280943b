import { Button } from '@courseport/shared-ui';
import { useState } from 'react';
import '../styles/add-course.css';
import type { AddedCourse } from '../features/add-course/api/addCourse';
import { CourseForm } from '../features/add-course/components/CourseForm';
import { CourseSaved } from '../features/add-course/components/CourseSaved';
import { DraftNotice } from '../features/add-course/components/DraftNotice';
import { type CourseFields, toCourseInput } from '../features/add-course/hooks/chapters';
import { NO_THUMBNAIL_TEXT, useAddCourse } from '../features/add-course/hooks/useAddCourse';
import { useCourseDraft } from '../features/add-course/hooks/useCourseDraft';
import { useCourseForm } from '../features/add-course/hooks/useCourseForm';
import { useLeaveGuard } from '../features/add-course/hooks/useLeaveGuard';
import { PageHeader } from '../features/layout/components/PageHeader';

/**
 * /educator/add-course: a new course with its description, thumbnail, chapters and lectures, added
 * (published) or saved as a draft. Afterwards: a link to it, and 'Add another'.
 */
export default function AddCoursePage() {
  const state = useCourseForm();
  const { submitting, submit, refused } = useAddCourse();
  const [added, setAdded] = useState<AddedCourse | null>(null);
  const [savingDraft, setSavingDraft] = useState(false);
  /** A submit was tried: from then on a missing thumbnail is also said under its picker. */
  const [tried, setTried] = useState(false);
  // Kept on this device until sent; leaving with changes asks first.
  const draft = useCourseDraft(state);
  useLeaveGuard(draft.isDirty);
  const onAdded = (course: AddedCourse) => {
    draft.markSaved();
    setAdded(course);
  };

  const send = (values: CourseFields, status?: 'draft') => {
    setTried(true);
    return submit(
      { ...toCourseInput(values, state.description, state.content.chapters), ...(status ? { status } : {}) },
      state.thumbnail,
      onAdded,
    );
  };
  const refuse = () => {
    setTried(true);
    refused(state.thumbnail);
  };

  const saveDraft = async () => {
    const values = state.fields.validate();
    if (!values) {
      refuse();
      return;
    }
    setSavingDraft(true);
    try {
      await send(values, 'draft');
    } finally {
      setSavingDraft(false);
    }
  };

  const addAnother = () => {
    draft.restart();
    state.reset();
    setTried(false);
    setAdded(null);
  };

  return (
    <div className="ed-page ed-add">
      <PageHeader title="Add Course" subtitle="Describe your course, pick a thumbnail and build its chapters." />
      {added && (
        <CourseSaved
          course={added}
          heading={added.status === 'draft' ? 'Draft saved' : 'Course added'}
          onAddAnother={addAnother}
        />
      )}
      <div hidden={Boolean(added)}>
        {draft.restored && <DraftNotice draft={draft.restored} onDiscard={draft.discard} />}
        <CourseForm
          state={state}
          thumbnailMissing={tried ? NO_THUMBNAIL_TEXT : null}
          onFinish={(values) => send(values)}
          onFinishFailed={refuse}
        >
          <Button
            htmlType="button"
            size="large"
            className="ed-add-submit"
            onClick={saveDraft}
            loading={submitting && savingDraft}
            disabled={submitting}
          >
            {submitting && savingDraft ? 'Saving Draft...' : 'Save Draft'}
          </Button>
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            className="ed-add-submit"
            loading={submitting && !savingDraft}
            disabled={submitting}
          >
            {submitting && !savingDraft ? 'Adding Course...' : 'ADD'}
          </Button>
        </CourseForm>
      </div>
    </div>
  );
}
