import { useCallback, useMemo, useState } from 'react';
import {
  addChapter,
  addLecture,
  type ChapterDraft,
  type LectureFields,
  removeChapter,
  removeLecture,
  toggleChapter,
} from './chapters';

/** The chapters and lectures of the course being written. */
export function useCourseContent() {
  const [chapters, setChapters] = useState<ChapterDraft[]>([]);
  const add = useCallback((name: string) => setChapters((list) => addChapter(list, name)), []);
  const remove = useCallback((chapterId: string) => setChapters((list) => removeChapter(list, chapterId)), []);
  const toggle = useCallback((chapterId: string) => setChapters((list) => toggleChapter(list, chapterId)), []);
  const addLectureTo = useCallback(
    (chapterId: string, fields: LectureFields) => setChapters((list) => addLecture(list, chapterId, fields)),
    [],
  );
  const removeLectureFrom = useCallback(
    (chapterId: string, lectureId: string) => setChapters((list) => removeLecture(list, chapterId, lectureId)),
    [],
  );
  const clear = useCallback(() => setChapters([]), []);
  const actions = useMemo(
    () => ({ add, remove, toggle, addLecture: addLectureTo, removeLecture: removeLectureFrom, clear }),
    [add, remove, toggle, addLectureTo, removeLectureFrom, clear],
  );
  return { chapters, ...actions };
}

export type CourseContent = ReturnType<typeof useCourseContent>;
