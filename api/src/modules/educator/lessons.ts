import type { QuizDefinition } from '@courseport/contracts';
import { readingMinutes } from '@courseport/contracts';
import { badRequest } from '../../http/errors.js';
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
  // Its resources (files and links) are put on by the resources module (`attachLessonResources`).
  return doc;
}
