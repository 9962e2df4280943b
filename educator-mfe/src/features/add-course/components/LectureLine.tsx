import { Tag } from '@courseport/shared-ui/heavy';
import { CloseIcon } from '../../layout/components/icons';
import type { LectureDraft } from '../hooks/chapters';

/** One lecture of a chapter: number, title, 'N mins', its link, 'Free Preview' or 'Paid'. */
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
            <span className="ed-visually-hidden">{` to ${lecture.lectureTitle || 'the lecture'}`}</span>
          </a>
          <Tag color={lecture.isPreviewFree ? 'green' : 'default'} bordered={false}>
            {lecture.isPreviewFree ? 'Free Preview' : 'Paid'}
          </Tag>
        </span>
      </span>
      <button type="button" className="ed-icon-button" aria-label="Remove lecture" onClick={onRemove}>
        <CloseIcon />
      </button>
    </li>
  );
}
