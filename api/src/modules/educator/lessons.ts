import type { QuizDefinition } from '@courseport/contracts';
import { readingMinutes } from '@courseport/contracts';
import { badRequest } from '../../http/errors.js';
import { newId } from '../../store/index.js';
import { type LectureDoc, sanitizeDescription } from '../courses/index.js';
import { assignQuizIds, type QuizDefinitionInput, quizSummary } from '../quizzes/index.js';
import type { NewCourse } from './schemas.js';

/** A lesson as the course form sends it (add-course's, or the edit's with its `lectureId`). */
export type LessonFormInput = NewCourse['courseContent'][number]['chapterContent'][number] & { lectureId?: string };

/**
 * The quizzes a save brings: `definitions` to write (new or edited, ids assigned), `keep` the quiz
 * lessons left as they were (an edit that did not send their definition). Saved after the course,
 * by the quizzes module; any other quiz of the course is removed then.
 */
export interface QuizPlan {
  definitions: Map<string, QuizDefinition>;
  keep: Set<string>;
}

export const emptyQuizPlan = (): QuizPlan => ({ definitions: new Map(), keep: new Set() });

/**
 * A lesson's link resources as stored (#32). HOOK for the resources module: uploaded files (entries
 * with a `resourceId`) are attached by it; here only links, keeping the id of a link the lesson had.
 */
function linkResources(
  input: LessonFormInput['resources'],
  before: LectureDoc | undefined,
): NonNullable<LectureDoc['resources']> {
  const earlier = new Map(
    (before?.resources ?? []).filter((r) => r.kind === 'link').map((r) => [`${r.title}\n${r.url}`, r.resourceId]),
  );
  return (input ?? []).flatMap((resource) =>
    'url' in resource
      ? [
          {
            resourceId: earlier.get(`${resource.title}\n${resource.url}`) ?? newId(),
            kind: 'link' as const,
            title: resource.title,
            url: resource.url,
          },
        ]
      : [],
  );
}

/**
 * One lesson as the course doc stores it: a video's link; an article's HTML (sanitized; its duration
 * is its reading time); a project's brief (sanitized); a quiz's summary only (its definition goes to
 * `plan`, for the quizzes module). `lessonKind` is left out for videos, so their docs stay as before kinds.
 * `before`: the lesson as stored (an edit), whose quiz (`beforeQuiz`) is kept when no definition is sent.
 */
export function lessonDoc(
  lesson: LessonFormInput,
  lectureId: string,
  order: number,
  where: string,
  plan: QuizPlan,
  before?: { lesson?: LectureDoc | undefined; quiz?: QuizDefinition | undefined },
): LectureDoc {
  const kind = lesson.lessonKind ?? 'video';
  const doc: LectureDoc = {
    lectureId,
    lectureTitle: lesson.lectureTitle,
    lectureDuration: lesson.lectureDuration,
    isPreviewFree: lesson.isPreviewFree,
    lectureOrder: order,
  };
  if (kind === 'video') doc.lectureUrl = lesson.lectureUrl;
  else doc.lessonKind = kind;
  if (kind === 'article') {
    doc.articleHtml = sanitizeDescription(lesson.articleHtml ?? '');
    doc.lectureDuration = readingMinutes(doc.articleHtml);
  }
  if (kind === 'project') doc.projectBrief = sanitizeDescription(lesson.projectBrief ?? '');
  if (kind === 'quiz') {
    let definition: QuizDefinition;
    if (lesson.quizDefinition) {
      definition = assignQuizIds(lesson.quizDefinition as QuizDefinitionInput, before?.quiz, where);
      plan.definitions.set(lectureId, definition);
    } else if (before?.quiz) {
      definition = before.quiz;
      plan.keep.add(lectureId);
    } else {
      throw badRequest(`Quiz definition is required for a quiz (${where}.quizDefinition)`);
    }
    doc.quiz = quizSummary(definition);
  }
  const resources = linkResources(lesson.resources, before?.lesson);
  if (resources.length) doc.resources = resources;
  return doc;
}
