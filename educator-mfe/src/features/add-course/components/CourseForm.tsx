import { requiredText } from '@courseport/shared-ui';
import { Form } from '@courseport/shared-ui/antd/form';
import { Input } from '@courseport/shared-ui/antd/input';
import { InputNumber } from '@courseport/shared-ui/antd/input-number';
import { type ReactNode, useId } from 'react';
import type { CourseFields } from '../hooks/chapters';
import type { CourseFormState } from '../hooks/useCourseForm';
import { discountRule, priceRule } from '../hooks/validation';
import { CategoryLevelFields } from './CategoryLevelFields';
import { ChapterBuilder } from './ChapterBuilder';
import { RichTextEditor } from './RichTextEditor';
import { ThumbnailPicker } from './ThumbnailPicker';

/**
 * The course form of Add Course and Edit Course: title, description, price, discount, category,
 * level, thumbnail,
 * chapters and lectures. Each field is checked with the server's own rules and says under itself
 * what is wrong; a value is never changed behind the educator's back (no clamping). The page gives
 * the buttons (`children`) and what a valid submit does.
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
  const descriptionLabel = useId();
  const thumbnailId = useId();
  return (
    <Form<CourseFields>
      form={state.form}
      layout="vertical"
      className="ed-panel ed-add-form"
      initialValues={state.initialValues}
      requiredMark
      onFinish={onFinish}
      onFinishFailed={onFinishFailed}
      onValuesChange={state.touchFields}
    >
      <Form.Item label="Course Title" name="courseTitle" rules={[requiredText('Please enter the course title')]}>
        <Input placeholder="Type here" maxLength={200} />
      </Form.Item>

      <Form.Item label={<span id={descriptionLabel}>Course Description</span>}>
        <RichTextEditor value={state.description} onChange={state.setDescription} labelledBy={descriptionLabel} />
      </Form.Item>

      <div className="ed-add-row">
        <Form.Item
          label="Course Price"
          name="coursePrice"
          rules={[{ required: true, message: 'Please enter the course price' }, priceRule]}
        >
          <InputNumber placeholder="0" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          label="Discount %"
          name="discount"
          rules={[{ required: true, message: 'Please enter a discount between 0 and 100' }, discountRule]}
        >
          <InputNumber placeholder="0" style={{ width: '100%' }} />
        </Form.Item>
      </div>

      <CategoryLevelFields savedCategory={state.initialValues.category} />

      <Form.Item label="Course Thumbnail" htmlFor={thumbnailId} required={!currentThumbnail}>
        <ThumbnailPicker
          id={thumbnailId}
          file={state.thumbnail}
          current={currentThumbnail}
          missing={thumbnailMissing}
          onChange={state.setThumbnail}
        />
      </Form.Item>

      <ChapterBuilder content={state.content} />

      <div className="ed-form-actions">{children}</div>
    </Form>
  );
}
