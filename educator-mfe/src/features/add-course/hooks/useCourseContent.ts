import { useCallback, useMemo, useState } from 'react';
import {
  addChapter,
  addLecture,
  type ChapterDraft,
  editLecture,
  type LectureFields,
  moveChapter,
  moveLecture,
  removeChapter,
  removeLecture,
  renameChapter,
  toggleChapter,
} from './chapters';

/** The chapters and lectures of the course being written (`initial`: a saved course's, when editing). */
export function useCourseContent(initial: ChapterDraft[] = []) {
  const [chapters, setChapters] = useState<ChapterDraft[]>(initial);
  const add = useCallback((name: string) => setChapters((list) => addChapter(list, name)), []);
  const remove = useCallback((chapterId: string) => setChapters((list) => removeChapter(list, chapterId)), []);
  const rename = useCallback(
    (chapterId: string, name: string) => setChapters((list) => renameChapter(list, chapterId, name)),
    [],
  );
  const toggle = useCallback((chapterId: string) => setChapters((list) => toggleChapter(list, chapterId)), []);
  const move = useCallback(
    (activeId: string, overId: string) => setChapters((list) => moveChapter(list, activeId, overId)),
    [],
  );
  const addLectureTo = useCallback(
    (chapterId: string, fields: LectureFields) => setChapters((list) => addLecture(list, chapterId, fields)),
    [],
  );
  const editLectureIn = useCallback(
    (chapterId: string, lectureId: string, fields: LectureFields) =>
      setChapters((list) => editLecture(list, chapterId, lectureId, fields)),
    [],
  );
  const moveLectureIn = useCallback(
    (chapterId: string, activeId: string, overId: string) =>
      setChapters((list) => moveLecture(list, chapterId, activeId, overId)),
    [],
  );
  const removeLectureFrom = useCallback(
    (chapterId: string, lectureId: string) => setChapters((list) => removeLecture(list, chapterId, lectureId)),
    [],
  );
  const clear = useCallback(() => setChapters([]), []);
  /** Puts back a kept list (a restored draft, or the saved course's). */
  const replace = useCallback((list: ChapterDraft[]) => setChapters(list), []);
  const actions = useMemo(
    () => ({
      add,
      remove,
      rename,
      toggle,
      move,
      addLecture: addLectureTo,
      editLecture: editLectureIn,
      moveLecture: moveLectureIn,
      removeLecture: removeLectureFrom,
      clear,
      replace,
    }),
    [add, remove, rename, toggle, move, addLectureTo, editLectureIn, moveLectureIn, removeLectureFrom, clear, replace],
  );
  return { chapters, ...actions };
}

export type CourseContent = ReturnType<typeof useCourseContent>;
