import { Button } from '@courseport/shared-ui';
import { Checkbox, Input, Modal } from '@courseport/shared-ui/heavy';
import { useId, useState } from 'react';
import { EMPTY_LECTURE, type LectureFields } from '../hooks/chapters';
import { type LectureProblems, lectureProblems } from '../hooks/validation';
import { FieldError } from './FieldError';
import { YouTubePreview } from './YouTubePreview';

/**
 * 'Add Lecture' (or 'Edit Lecture' with `initial`): title, duration, URL and whether it is a free
 * preview. Checked on Add / Save with the server's own lecture schema: each field says what is
 * wrong under it, and nothing is added until all are right. Emptied whenever the modal closes.
 */
export function LectureModal({
  open,
  initial,
  onAdd,
  onClose,
}: {
  open: boolean;
  /** The lecture being edited; none for a new one. */
  initial?: LectureFields | null;
  onAdd: (fields: LectureFields) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [fields, setFields] = useState<LectureFields>(initial ?? EMPTY_LECTURE);
  const [problems, setProblems] = useState<LectureProblems>({});
  const [checked, setChecked] = useState(false);
  const editing = Boolean(initial);

  // Opened for another lecture (or for a new one): start from its fields. While rendering the
  // opening, not in an effect, which could run after the first key presses and wipe them.
  const [openedFor, setOpenedFor] = useState<{ open: boolean; initial?: LectureFields | null }>({ open, initial });
  if (open !== openedFor.open || (open && initial !== openedFor.initial)) {
    setOpenedFor({ open, initial });
    if (open) setFields(initial ?? EMPTY_LECTURE);
  }

  const set = <K extends keyof LectureFields>(key: K, value: LectureFields[K]) => {
    const next = { ...fields, [key]: value };
    setFields(next);
    // Once a save was refused, the messages follow the typing.
    if (checked) setProblems(lectureProblems(next));
  };

  const close = () => {
    setFields(EMPTY_LECTURE);
    setProblems({});
    setChecked(false);
    onClose();
  };
  const add = () => {
    const found = lectureProblems(fields);
    setChecked(true);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      const first = (['lectureTitle', 'lectureDuration', 'lectureUrl'] as const).find((key) => found[key]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    onAdd({ ...fields, lectureTitle: fields.lectureTitle.trim(), lectureUrl: fields.lectureUrl.trim() });
    close();
  };

  const described = (key: keyof LectureFields) =>
    problems[key] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${key}-error`, status: 'error' as const } : {};

  return (
    <Modal
      open={open}
      title={editing ? 'Edit Lecture' : 'Add Lecture'}
      onCancel={close}
      width={460}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={add}>
          {editing ? 'Save' : 'Add'}
        </Button>
      }
    >
      <div className="ed-lecture-form">
        <div className="ed-field">
          <label htmlFor={`${id}-lectureTitle`} className="ed-field-label">
            Lecture Title
          </label>
          <Input
            id={`${id}-lectureTitle`}
            maxLength={200}
            value={fields.lectureTitle}
            onChange={(event) => set('lectureTitle', event.target.value)}
            {...described('lectureTitle')}
          />
          <FieldError id={`${id}-lectureTitle-error`} message={problems.lectureTitle} />
        </div>
        <div className="ed-field">
          <label htmlFor={`${id}-lectureDuration`} className="ed-field-label">
            Duration (minutes)
          </label>
          <Input
            id={`${id}-lectureDuration`}
            type="number"
            inputMode="numeric"
            value={fields.lectureDuration}
            onChange={(event) => set('lectureDuration', event.target.value)}
            {...described('lectureDuration')}
          />
          <FieldError id={`${id}-lectureDuration-error`} message={problems.lectureDuration} />
        </div>
        <div className="ed-field">
          <label htmlFor={`${id}-lectureUrl`} className="ed-field-label">
            Lecture URL
          </label>
          <Input
            id={`${id}-lectureUrl`}
            type="url"
            placeholder="https://"
            value={fields.lectureUrl}
            onChange={(event) => set('lectureUrl', event.target.value)}
            {...described('lectureUrl')}
          />
          <FieldError id={`${id}-lectureUrl-error`} message={problems.lectureUrl} />
          <YouTubePreview link={fields.lectureUrl} />
        </div>
        <Checkbox checked={fields.isPreviewFree} onChange={(event) => set('isPreviewFree', event.target.checked)}>
          Is Preview Free?
        </Checkbox>
      </div>
    </Modal>
  );
}
