import { Button } from '@courseport/shared-ui';
import { DndContext } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useMemo, useState } from 'react';
import { type LectureFields, lectureFieldsOf } from '../hooks/chapters';
import type { CourseContent } from '../hooks/useCourseContent';
import { onDemand, useOnDemand } from '../hooks/useOnDemand';
import { useSortableList } from '../hooks/useSortableList';
import { ChapterCard } from './ChapterCard';

// The dialogs (and the antd they are made of) come when the educator goes to use them (#34: not
// with the page): pointing at or focusing the builder starts loading them; opening one waits for it.
const chapterDialog = onDemand(() => import('./ChapterNameModal').then((module) => module.ChapterNameModal));
const lectureDialog = onDemand(() => import('./LectureModal').then((module) => module.LectureModal));
/** Both dialogs' code (the builder is pointed at or focused; tests render with it there). */
export const preloadCourseDialogs = () => Promise.all([chapterDialog.preload(), lectureDialog.preload()]);
const preloadDialogs = () => {
  void preloadCourseDialogs().catch(() => undefined);
};

/** Which lecture the lecture modal is open for: a new one in a chapter, or one being edited. */
type LectureTarget = { chapterId: string; lectureId?: string; fields?: LectureFields };

/**
 * The chapters and lectures of the course: add, rename, edit, remove, collapse and expand, and
 * reorder (drag a handle, or focus it and use Space and the arrow keys).
 */
export function ChapterBuilder({ content }: { content: CourseContent }) {
  /** The chapter name prompt: `''` for a new chapter, a chapter's id to rename it; null when closed. */
  const [naming, setNaming] = useState<string | null>(null);
  const [lectureTarget, setLectureTarget] = useState<LectureTarget | null>(null);
  const items = useMemo(
    () => content.chapters.map((c) => ({ id: c.chapterId, title: c.chapterTitle })),
    [content.chapters],
  );
  const sortable = useSortableList('chapter', items, content.move);
  const renaming = naming ? content.chapters.find((c) => c.chapterId === naming) : undefined;
  // Each dialog is rendered from its first opening on (so it closes with its animation and gives the
  // focus back, as before).
  const [used, setUsed] = useState({ chapter: false, lecture: false });
  if (naming !== null && !used.chapter) setUsed({ ...used, chapter: true });
  if (lectureTarget !== null && !used.lecture) setUsed({ ...used, lecture: true });
  const ChapterNameModal = useOnDemand(chapterDialog, used.chapter);
  const LectureModal = useOnDemand(lectureDialog, used.lecture);

  return (
    <section
      className="ed-builder"
      aria-labelledby="ed-builder-title"
      onPointerOver={preloadDialogs}
      onFocus={preloadDialogs}
    >
      <h2 id="ed-builder-title" className="ed-builder-title">
        Course Content
      </h2>
      {content.chapters.length > 0 && (
        <DndContext {...sortable}>
          <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
            <ol className="ed-chapters">
              {content.chapters.map((chapter, index) => (
                <ChapterCard
                  key={chapter.chapterId}
                  chapter={chapter}
                  number={index + 1}
                  onToggle={() => content.toggle(chapter.chapterId)}
                  onRename={() => setNaming(chapter.chapterId)}
                  onRemove={() => content.remove(chapter.chapterId)}
                  onAddLecture={() => setLectureTarget({ chapterId: chapter.chapterId })}
                  onEditLecture={(lecture) =>
                    setLectureTarget({
                      chapterId: chapter.chapterId,
                      lectureId: lecture.lectureId,
                      fields: lectureFieldsOf(lecture),
                    })
                  }
                  onMoveLecture={(activeId, overId) => content.moveLecture(chapter.chapterId, activeId, overId)}
                  onRemoveLecture={(lectureId) => content.removeLecture(chapter.chapterId, lectureId)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <Button block type="dashed" className="ed-add-chapter" onClick={() => setNaming('')}>
        + Add Chapter
      </Button>

      {ChapterNameModal && (
        <ChapterNameModal
          open={naming !== null}
          initial={renaming?.chapterTitle ?? ''}
          onSubmit={(name) => {
            if (renaming) content.rename(renaming.chapterId, name);
            else content.add(name);
            setNaming(null);
          }}
          onCancel={() => setNaming(null)}
        />
      )}
      {LectureModal && (
        <LectureModal
          open={lectureTarget !== null}
          initial={lectureTarget?.fields ?? null}
          onAdd={(fields) => {
            if (!lectureTarget) return;
            if (lectureTarget.lectureId) content.editLecture(lectureTarget.chapterId, lectureTarget.lectureId, fields);
            else content.addLecture(lectureTarget.chapterId, fields);
          }}
          onClose={() => setLectureTarget(null)}
        />
      )}
    </section>
  );
}
