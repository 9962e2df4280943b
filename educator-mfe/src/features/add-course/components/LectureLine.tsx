import { tagTone } from '@courseport/shared-ui';
import { Tag } from '@courseport/shared-ui/heavy';
import { CloseIcon } from '../../layout/components/icons';
import type { LectureDraft } from '../hooks/chapters';

/** One lecture of a chapter: number, title, 'N mins', its link, 'Free Preview' or 'Paid'. */
/** What a lecture's controls call it: 'Intro', or its number when it has no title. */
export const lectureName = (lecture: LectureDraft, number: number) =>
  lecture.lectureTitle.trim() ? `'${lecture.lectureTitle.trim()}'` : String(number);

export function LectureLine({
  lecture,
  number,
  onRemove,
}: {
  lecture: LectureDraft;
  number: number;
  onRemove: () => void;
}) {
  return (
    <li className="ed-lecture">
      <span className="ed-lecture-number">{`${number}.`}</span>
      <span className="ed-lecture-body">
        <span className="ed-lecture-title">{lecture.lectureTitle || 'Untitled lecture'}</span>
        <span className="ed-lecture-meta">
          <span>{`${Number(lecture.lectureDuration) || 0} mins`}</span>
          {/* biome-ignore lint/a11y/noAmbiguousAnchorText: the spec's visible text is 'Link'; the hidden span names the lecture. */}
          <a href={lecture.lectureUrl || undefined} target="_blank" rel="noopener noreferrer">
            Link
            <span className="cp-visually-hidden">{` to ${lecture.lectureTitle || 'the lecture'}`}</span>
          </a>
          <Tag style={tagTone(lecture.isPreviewFree ? 'green' : 'default')}>
            {lecture.isPreviewFree ? 'Free Preview' : 'Paid'}
          </Tag>
        </span>
      </span>
      <button
        type="button"
        className="ed-icon-button"
        aria-label={`Remove lecture ${lectureName(lecture, number)}`}
        onClick={onRemove}
      >
        <CloseIcon />
      </button>
    </li>
  );
}
