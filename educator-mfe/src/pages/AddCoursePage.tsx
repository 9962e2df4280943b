import { Button, requiredText } from '@courseport/shared-ui';
import { Form, Input, InputNumber } from '@courseport/shared-ui/heavy';
import { useId, useState } from 'react';
import '../styles/add-course.css';
import { ChapterBuilder } from '../features/add-course/components/ChapterBuilder';
import { RichTextEditor } from '../features/add-course/components/RichTextEditor';
import { ThumbnailPicker } from '../features/add-course/components/ThumbnailPicker';
import { type CourseFields, toCourseInput } from '../features/add-course/hooks/chapters';
import { useAddCourse } from '../features/add-course/hooks/useAddCourse';
import { useCourseContent } from '../features/add-course/hooks/useCourseContent';
import { PageHeader } from '../features/layout/components/PageHeader';

const INITIAL_VALUES: CourseFields = { courseTitle: '', coursePrice: 0, discount: 0 };

/** /educator/add-course: a new course with its description, thumbnail, chapters and lectures. */
export default function AddCoursePage() {
  const [form] = Form.useForm<CourseFields>();
  const descriptionLabel = useId();
  const thumbnailId = useId();
  const [description, setDescription] = useState('');
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const content = useCourseContent();
  const { submitting, submit, refused } = useAddCourse();

  const reset = () => {
    form.resetFields();
    setDescription('');
    setThumbnail(null);
    content.clear();
  };

  return (
    <div className="ed-page ed-add">
      <PageHeader title="Add Course" subtitle="Describe your course, pick a thumbnail and build its chapters." />
      <Form<CourseFields>
        form={form}
        layout="vertical"
        className="ed-panel ed-add-form"
        initialValues={INITIAL_VALUES}
        requiredMark
        onFinish={(values) => submit(toCourseInput(values, description, content.chapters), thumbnail, reset)}
        onFinishFailed={() => refused(thumbnail)}
      >
        <Form.Item label="Course Title" name="courseTitle" rules={[requiredText('Please enter the course title')]}>
          <Input placeholder="Type here" maxLength={200} />
        </Form.Item>

        <Form.Item label={<span id={descriptionLabel}>Course Description</span>}>
          <RichTextEditor value={description} onChange={setDescription} labelledBy={descriptionLabel} />
        </Form.Item>

        <div className="ed-add-row">
          <Form.Item
            label="Course Price"
            name="coursePrice"
            rules={[{ required: true, message: 'Please enter the course price' }]}
          >
            <InputNumber min={0} placeholder="0" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            label="Discount %"
            name="discount"
            rules={[{ required: true, message: 'Please enter a discount between 0 and 100' }]}
          >
            <InputNumber min={0} max={100} placeholder="0" style={{ width: '100%' }} />
          </Form.Item>
        </div>

        <Form.Item label="Course Thumbnail" htmlFor={thumbnailId} required>
          <ThumbnailPicker id={thumbnailId} file={thumbnail} onChange={setThumbnail} />
        </Form.Item>

        <ChapterBuilder content={content} />

        <Button
          type="primary"
          htmlType="submit"
          size="large"
          className="ed-add-submit"
          loading={submitting}
          disabled={submitting}
        >
          {submitting ? 'Adding Course...' : 'ADD'}
        </Button>
      </Form>
    </div>
  );
}
