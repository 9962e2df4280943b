import { Button, plural } from '@courseport/shared-ui';
import { DndContext } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMemo } from 'react';
import { ChevronIcon, CloseIcon, EditIcon } from '../../../components/icons';
import type { ChapterDraft, LectureDraft } from '../hooks/chapters';
import { useSortableList } from '../hooks/useSortableList';
import { LectureLine } from './LectureLine';
import { SortableHandle } from './SortableHandle';

interface ChapterCardProps {
  chapter: ChapterDraft;
  number: number;
  onToggle: () => void;
  onRename: () => void;
  onRemove: () => void;
  onAddLecture: () => void;
  onEditLecture: (lecture: LectureDraft) => void;
  onMoveLecture: (activeId: string, overId: string) => void;
  onRemoveLecture: (lectureId: string) => void;
}

/** A chapter of the course being written: its lectures, collapsible, movable by its handle. */
export function ChapterCard({
  chapter,
  number,
  onToggle,
  onRename,
  onRemove,
  onAddLecture,
  onEditLecture,
  onMoveLecture,
  onRemoveLecture,
}: ChapterCardProps) {
  const open = !chapter.collapsed;
  const bodyId = `ed-chapter-${chapter.chapterId}`;
  // Every control says which chapter it acts on ("Remove chapter 'Components'").
  const name = `'${chapter.chapterTitle}'`;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: chapter.chapterId,
  });
  const lectures = useMemo(
    () => chapter.chapterContent.map((l, i) => ({ id: l.lectureId, title: l.lectureTitle || String(i + 1) })),
    [chapter.chapterContent],
  );
  const sortable = useSortableList('lecture', lectures, onMoveLecture);

  return (
    <li
      ref={setNodeRef}
      className={`ed-chapter${isDragging ? ' ed-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      aria-label={`Chapter ${number}: ${chapter.chapterTitle}`}
    >
      <div className="ed-chapter-head">
        <SortableHandle label={`Move chapter ${name}`} attributes={attributes} listeners={listeners} />
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
        <button type="button" className="ed-icon-button" aria-label={`Rename chapter ${name}`} onClick={onRename}>
          <EditIcon />
        </button>
        <button type="button" className="ed-icon-button" aria-label={`Remove chapter ${name}`} onClick={onRemove}>
          <CloseIcon />
        </button>
      </div>
      {open && (
        <div id={bodyId} className="ed-chapter-body">
          {chapter.chapterContent.length > 0 && (
            <DndContext {...sortable}>
              <SortableContext items={lectures.map((l) => l.id)} strategy={verticalListSortingStrategy}>
                <ol className="ed-lectures">
                  {chapter.chapterContent.map((lecture, index) => (
                    <LectureLine
                      key={lecture.lectureId}
                      lecture={lecture}
                      number={index + 1}
                      onEdit={() => onEditLecture(lecture)}
                      onRemove={() => onRemoveLecture(lecture.lectureId)}
                    />
                  ))}
                </ol>
              </SortableContext>
            </DndContext>
          )}
          <Button type="link" className="ed-add-lecture" onClick={onAddLecture}>
            + Add Lecture
          </Button>
        </div>
      )}
    </li>
  );
}
