import type { LessonResource, LessonResourceInput } from '@courseport/contracts';
import type { LessonResourcesInput, ResourcesService } from './service.js';

type SavedChapter = { chapterContent: Array<{ lectureId: string; resources?: LessonResource[] }> };
type InputChapter = { chapterContent: ReadonlyArray<{ resources?: readonly LessonResourceInput[] | undefined }> };

/**
 * The educator's hook (add-course and edit, #32): given the chapters about to be written (lesson ids
 * assigned) and the form's chapters in the same order, checks and attaches the files they name and
 * puts each lesson's `resources` metadata on it. `previous`: the course's chapters before the edit.
 * Returns the ids of every file and link now on the course, for `keepOnly` once the course is saved.
 */
export async function attachLessonResources(
  resources: Pick<ResourcesService, 'attachToCourse'>,
  ownerId: string,
  courseId: string,
  chapters: SavedChapter[],
  input: readonly InputChapter[],
  previous: readonly SavedChapter[] = [],
): Promise<string[]> {
  const lessons: LessonResourcesInput[] = chapters.flatMap((chapter, c) =>
    chapter.chapterContent.map((lesson, l) => ({
      lectureId: lesson.lectureId,
      resources: input[c]?.chapterContent[l]?.resources ?? [],
    })),
  );
  const before = previous.flatMap((chapter) => chapter.chapterContent.flatMap((lesson) => lesson.resources ?? []));
  const attached = await resources.attachToCourse(ownerId, courseId, lessons, before);
  const ids: string[] = [];
  for (const chapter of chapters)
    for (const lesson of chapter.chapterContent) {
      const list = attached.get(lesson.lectureId) ?? [];
      if (list.length > 0) lesson.resources = list;
      else delete lesson.resources;
      ids.push(...list.map((r) => r.resourceId));
    }
  return ids;
}
