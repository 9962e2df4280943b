import { Input } from '@courseport/shared-ui/antd/input';
import { Modal } from '@courseport/shared-ui/antd/modal';
import { Themed } from '@courseport/shared-ui/antd/themed';
import { useId, useState } from 'react';

export const CHAPTER_PROMPT = 'Enter Chapter Name:';

/**
 * The 'Enter Chapter Name:' prompt (a new chapter, or a chapter renamed: `initial`). OK with a blank
 * name, or Cancel, changes nothing.
 */
export function ChapterNameModal({
  open,
  initial = '',
  onSubmit,
  onCancel,
}: {
  open: boolean;
  initial?: string;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const inputId = useId();
  const [name, setName] = useState(initial);
  // Reset while rendering the opening, not in an effect: an effect could run after the first key
  // presses (when the dialog's code arrives late) and wipe them.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setName(initial);
  }
  const submit = () => {
    onSubmit(name);
    setName('');
  };
  const cancel = () => {
    onCancel();
    setName('');
  };
  return (
    <Themed>
      <Modal
        open={open}
        title={initial ? 'Rename Chapter' : 'New Chapter'}
        okText="OK"
        cancelText="Cancel"
        onOk={submit}
        onCancel={cancel}
        width={420}
        destroyOnHidden
      >
        <label htmlFor={inputId} className="ed-field-label">
          {CHAPTER_PROMPT}
        </label>
        <Input
          id={inputId}
          autoFocus
          maxLength={200}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onPressEnter={(event) => {
            // Otherwise the key would also press the button the focus returns to ('+ Add Chapter').
            event.preventDefault();
            submit();
          }}
        />
      </Modal>
    </Themed>
  );
}
