import type { QuizDefinition } from '@courseport/contracts';
import { readingMinutes } from '@courseport/contracts';
import { badRequest } from '../../http/errors.js';
import { type HostedVideoFacts, type LectureDoc, lessonFactsOf, sanitizeDescription } from '../courses/index.js';
import { assignQuizIds, type QuizDefinitionInput, quizSummary } from '../quizzes/index.js';
import type { VideosService } from '../videos/index.js';
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

/** A course's hosted videos by id, with what their lessons take from them (#33). */
export type HostedVideos = ReadonlyMap<string, HostedVideoFacts>;

type ChaptersInput = ReadonlyArray<{
  chapterContent: ReadonlyArray<Pick<LessonFormInput, 'lessonKind' | 'hostedVideoId'>>;
}>;

/**
 * The hosted videos a save's video lessons name (#33), asked of the videos module before anything
 * is written: each must be the owner's (404 "Video not found") and ready (400 "The video is not
 * ready yet"), naming the lesson's field.
 */
export async function hostedVideosOf(
  videos: Pick<VideosService, 'lessonFacts'>,
  ownerId: string,
  chapters: ChaptersInput,
): Promise<HostedVideos> {
  const wanted = chapters.flatMap((chapter, c) =>
    chapter.chapterContent.flatMap((lesson, l) =>
      (lesson.lessonKind ?? 'video') === 'video' && lesson.hostedVideoId
        ? [{ videoId: lesson.hostedVideoId, where: `courseContent.${c}.chapterContent.${l}.hostedVideoId` }]
        : [],
    ),
  );
  return wanted.length ? videos.lessonFacts(ownerId, wanted) : new Map();
}

/**
 * One lesson as the course doc stores it: a video's link, or its hosted video (#33: the id, and the
 * video's duration, caption languages and poster in place of the form's); an article's HTML (sanitized; its duration
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
  /** The hosted videos the save names (`hostedVideosOf`): a lesson playing one takes its duration, languages, poster. */
  hosted: HostedVideos = new Map(),
): LectureDoc {
  const kind = lesson.lessonKind ?? 'video';
  const doc: LectureDoc = {
    lectureId,
    lectureTitle: lesson.lectureTitle,
    lectureDuration: lesson.lectureDuration,
    isPreviewFree: lesson.isPreviewFree,
    lectureOrder: order,
  };
  const video = kind === 'video' && lesson.hostedVideoId ? hosted.get(lesson.hostedVideoId) : undefined;
  if (kind === 'video' && lesson.hostedVideoId) {
    if (!video) throw badRequest(`The video is not ready yet (${where}.hostedVideoId)`);
    doc.hostedVideoId = lesson.hostedVideoId;
    Object.assign(doc, lessonFactsOf(video));
  } else if (kind === 'video') doc.lectureUrl = lesson.lectureUrl;
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
