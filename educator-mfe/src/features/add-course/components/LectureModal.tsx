import { Button } from '@courseport/shared-ui';
import { Checkbox, Input, Modal } from '@courseport/shared-ui/heavy';
import { useId, useState } from 'react';
import { EMPTY_LECTURE, type LectureFields } from '../hooks/chapters';

/**
 * 'Add Lecture': title, duration, URL and whether it is a free preview. The fields are not checked
 * here (the server validates the course); they are emptied whenever the modal closes.
 */
export function LectureModal({
  open,
  onAdd,
  onClose,
}: {
  open: boolean;
  onAdd: (fields: LectureFields) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [fields, setFields] = useState<LectureFields>(EMPTY_LECTURE);
  const set = <K extends keyof LectureFields>(key: K, value: LectureFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));

  const close = () => {
    setFields(EMPTY_LECTURE);
    onClose();
  };
  const add = () => {
    onAdd(fields);
    close();
  };

  return (
    <Modal
      open={open}
      title="Add Lecture"
      onCancel={close}
      width={460}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={add}>
          Add
        </Button>
      }
    >
      <div className="ed-lecture-form">
        <div className="ed-field">
          <label htmlFor={`${id}-title`} className="ed-field-label">
            Lecture Title
          </label>
          <Input
            id={`${id}-title`}
            value={fields.lectureTitle}
            onChange={(event) => set('lectureTitle', event.target.value)}
          />
        </div>
        <div className="ed-field">
          <label htmlFor={`${id}-duration`} className="ed-field-label">
            Duration (minutes)
          </label>
          <Input
            id={`${id}-duration`}
            type="number"
            min={0}
            inputMode="numeric"
            value={fields.lectureDuration}
            onChange={(event) => set('lectureDuration', event.target.value)}
          />
        </div>
        <div className="ed-field">
          <label htmlFor={`${id}-url`} className="ed-field-label">
            Lecture URL
          </label>
          <Input
            id={`${id}-url`}
            type="url"
            placeholder="https://"
            value={fields.lectureUrl}
            onChange={(event) => set('lectureUrl', event.target.value)}
          />
        </div>
        <Checkbox checked={fields.isPreviewFree} onChange={(event) => set('isPreviewFree', event.target.checked)}>
          Is Preview Free?
        </Checkbox>
      </div>
    </Modal>
  );
}
