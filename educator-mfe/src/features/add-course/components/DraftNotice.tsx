import { Button } from '@courseport/shared-ui';
import type { RestoredDraft } from '../hooks/useCourseDraft';

export const DRAFT_RESTORED_TITLE = 'Unsaved draft restored';

/** Says that the form holds a draft kept on this device, from when, and offers 'Discard draft'. */
export function DraftNotice({ draft, onDiscard }: { draft: RestoredDraft; onDiscard: () => void }) {
  const when = new Date(draft.savedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="ed-draft-notice" role="status" aria-label={DRAFT_RESTORED_TITLE}>
      <div>
        <p className="ed-draft-notice-title">{DRAFT_RESTORED_TITLE}</p>
        <p className="ed-draft-notice-text">
          {`Your changes from ${when} were kept on this device and are back in the form. They are not saved until you send them.`}
          {draft.thumbnailLost && ' The thumbnail could not be kept: please pick it again.'}
        </p>
      </div>
      <Button onClick={onDiscard}>Discard draft</Button>
    </section>
  );
}
