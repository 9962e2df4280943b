import { Button } from '@courseport/shared-ui';
import { useState } from 'react';

/** A delete that asks first, in place: "Delete" → "Delete this …?" Yes, delete / Cancel. */
export function ConfirmDelete({ what, busy, onConfirm }: { what: string; busy: boolean; onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button size="small" type="text" danger aria-label={`Delete this ${what}`} onClick={() => setAsking(true)}>
        Delete
      </Button>
    );
  }
  return (
    <span className="ln-qa-confirm">
      <span>{`Delete this ${what}?`}</span>
      <Button size="small" danger type="primary" loading={busy} onClick={onConfirm}>
        Yes, delete
      </Button>
      <Button size="small" onClick={() => setAsking(false)} disabled={busy}>
        Cancel
      </Button>
    </span>
  );
}
