import { Button, plural } from '@courseport/shared-ui';
import { ChevronIcon, CloseIcon } from '../../layout/components/icons';
import type { ChapterDraft } from '../hooks/chapters';
import { LectureLine } from './LectureLine';

interface ChapterCardProps {
  chapter: ChapterDraft;
  number: number;
  onToggle: () => void;
  onRemove: () => void;
  onAddLecture: () => void;
  onRemoveLecture: (lectureId: string) => void;
}

/** A chapter of the course being written: its lectures, collapsible. */
export function ChapterCard({ chapter, number, onToggle, onRemove, onAddLecture, onRemoveLecture }: ChapterCardProps) {
  const open = !chapter.collapsed;
  const bodyId = `ed-chapter-${chapter.chapterId}`;
  // Every control says which chapter it acts on ("Remove chapter 'Components'").
  const name = `'${chapter.chapterTitle}'`;
  return (
    <li className="ed-chapter" aria-label={`Chapter ${number}: ${chapter.chapterTitle}`}>
      <div className="ed-chapter-head">
        <button
          type="button"
          className="ed-icon-button"
          aria-label={`${open ? 'Collapse' : 'Expand'} chapter ${name}`}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={onToggle}
        >
          <ChevronIcon open={open} />
        </button>
        <span className="ed-chapter-label">
          <span className="ed-chapter-title cp-chapter-title">{`${number}. ${chapter.chapterTitle}`}</span>
          <span className="ed-chapter-count cp-chapter-meta">{plural(chapter.chapterContent.length, 'lecture')}</span>
        </span>
        <button type="button" className="ed-icon-button" aria-label={`Remove chapter ${name}`} onClick={onRemove}>
          <CloseIcon />
        </button>
      </div>
      {open && (
        <div id={bodyId} className="ed-chapter-body">
          {chapter.chapterContent.length > 0 && (
            <ol className="ed-lectures">
              {chapter.chapterContent.map((lecture, index) => (
                <LectureLine
                  key={lecture.lectureId}
                  lecture={lecture}
                  number={index + 1}
                  onRemove={() => onRemoveLecture(lecture.lectureId)}
                />
              ))}
            </ol>
          )}
          <Button type="link" className="ed-add-lecture" onClick={onAddLecture}>
            + Add Lecture
          </Button>
        </div>
      )}
    </li>
  );
}
