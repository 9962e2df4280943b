import { plural } from '@courseport/shared-ui';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { CloseIcon, EditIcon } from '../../../components/icons';
import type { LectureDraft } from '../hooks/chapters';
import { LessonKindBadge } from './LessonKind';
import { SortableHandle } from './SortableHandle';

/** What a lecture's controls call it: 'Intro', or its number when it has no title. */
export const lectureName = (lecture: LectureDraft, number: number) =>
  lecture.lectureTitle.trim() ? `'${lecture.lectureTitle.trim()}'` : String(number);

const minutesText = (minutes: number) => `${minutes} ${minutes === 1 ? 'min' : 'mins'}`;

/** One lecture of a chapter: number, title, 'N mins', its link, 'Free Preview' or 'Paid'; movable, editable. */
export function LectureLine({
  lecture,
  number,
  onEdit,
  onRemove,
}: {
  lecture: LectureDraft;
  number: number;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: lecture.lectureId,
  });
  const name = lectureName(lecture, number);
  const kind = lecture.lessonKind ?? 'video';
  const resources = lecture.resources?.length ?? 0;
  return (
    <li
      ref={setNodeRef}
      className={`ed-lecture${isDragging ? ' ed-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <SortableHandle label={`Move lecture ${name}`} attributes={attributes} listeners={listeners} />
      <span className="ed-lecture-number">{`${number}.`}</span>
      <span className="ed-lecture-body">
        <span className="ed-lecture-title">{lecture.lectureTitle}</span>
        <span className="ed-lecture-meta">
          <LessonKindBadge kind={kind} />
          <span>{minutesText(Number(lecture.lectureDuration) || 0)}</span>
          {kind === 'video' && lecture.hostedVideoId && <span>Hosted video</span>}
          {kind === 'video' && !lecture.hostedVideoId && (
            // biome-ignore lint/a11y/noAmbiguousAnchorText: the spec's visible text is 'Link'; the hidden span names the lecture.
            <a href={lecture.lectureUrl || undefined} target="_blank" rel="noopener noreferrer">
              Link
              <span className="cp-visually-hidden">{` to ${lecture.lectureTitle || 'the lecture'}`}</span>
            </a>
          )}
          {kind === 'quiz' && lecture.quiz && <span>{plural(lecture.quiz.questions.length, 'question')}</span>}
          {resources > 0 && <span>{plural(resources, 'resource')}</span>}
          <span className={lecture.isPreviewFree ? 'cp-tag cp-tag-green' : 'cp-tag'}>
            {lecture.isPreviewFree ? 'Free Preview' : 'Paid'}
          </span>
        </span>
      </span>
      <button type="button" className="ed-icon-button" aria-label={`Edit lecture ${name}`} onClick={onEdit}>
        <EditIcon />
      </button>
      <button type="button" className="ed-icon-button" aria-label={`Remove lecture ${name}`} onClick={onRemove}>
        <CloseIcon />
      </button>
    </li>
  );
}
