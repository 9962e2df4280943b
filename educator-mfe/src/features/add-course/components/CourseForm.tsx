import { type FormEvent, type ReactNode, useId } from 'react';
import type { CourseFields } from '../hooks/chapters';
import type { FieldName } from '../hooks/courseFields';
import type { CourseFormState } from '../hooks/useCourseForm';
import { CategoryLevelFields } from './CategoryLevelFields';
import { ChapterBuilder } from './ChapterBuilder';
import { FormItem, NumberField, TextField } from './FormFields';
import { RichTextEditor } from './RichTextEditor';
import { ThumbnailPicker } from './ThumbnailPicker';

/**
 * The course form of Add Course and Edit Course: title, description, price, discount, category,
 * level, thumbnail, chapters and lectures. Plain controls in antd's look (#34: no antd in the page's
 * first load; the dialogs bring it when they open). Each field is checked with the server's own
 * rules and says under itself what is wrong; a value is never changed behind the educator's back
 * (no clamping). The page gives the buttons (`children`) and what a valid submit does; a refused
 * one takes the focus to the first field that is wrong.
 */
export function CourseForm({
  state,
  currentThumbnail,
  thumbnailMissing,
  onFinish,
  onFinishFailed,
  children,
}: {
  state: CourseFormState;
  /** The saved thumbnail's URL, when editing. */
  currentThumbnail?: string;
  /** The message under the thumbnail picker while none is chosen (after a refused submit). */
  thumbnailMissing?: string | null;
  onFinish: (values: CourseFields) => void;
  onFinishFailed: () => void;
  children: ReactNode;
}) {
  const id = useId();
  const descriptionLabel = `${id}-description-label`;
  const thumbnailId = `${id}-thumbnail`;
  const fieldId = (name: FieldName) => `${id}-${name}`;
  const { fields } = state;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = fields.validate();
    if (values) {
      onFinish(values);
      return;
    }
    const first = fields.firstInvalid();
    if (first) document.getElementById(fieldId(first))?.focus();
    onFinishFailed();
  };

  return (
    <form className="ed-panel ed-add-form" noValidate onSubmit={submit}>
      <TextField
        store={fields}
        name="courseTitle"
        id={fieldId('courseTitle')}
        label="Course Title"
        placeholder="Type here"
        maxLength={200}
      />

      <FormItem label="Course Description" labelId={descriptionLabel}>
        <RichTextEditor value={state.description} onChange={state.setDescription} labelledBy={descriptionLabel} />
      </FormItem>

      <div className="ed-add-row">
        <NumberField
          store={fields}
          name="coursePrice"
          id={fieldId('coursePrice')}
          label="Course Price"
          placeholder="0"
        />
        <NumberField store={fields} name="discount" id={fieldId('discount')} label="Discount %" placeholder="0" />
      </div>

      <CategoryLevelFields store={fields} savedCategory={state.initialValues.category} />

      <FormItem label="Course Thumbnail" htmlFor={thumbnailId} required={!currentThumbnail}>
        <ThumbnailPicker
          id={thumbnailId}
          file={state.thumbnail}
          current={currentThumbnail}
          missing={thumbnailMissing}
          onChange={state.setThumbnail}
        />
      </FormItem>

      <ChapterBuilder content={state.content} />

      <div className="ed-form-actions">{children}</div>
    </form>
  );
}
