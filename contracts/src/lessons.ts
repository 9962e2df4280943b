/**
 * Lessons (#32): a chapter's items are lessons of several kinds. A lecture stored before kinds (no
 * `lessonKind`) is a video lesson, so every existing course and every spec call (`courseContent`,
 * `lectureId`, `lectureTitle`, `lectureDuration`, `isPreviewFree`, progress by `lectureId`) keeps its
 * shape. Types and pure helpers only: the API and every front end share them.
 */

export const LESSON_KINDS = ['video', 'article', 'quiz', 'project'] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

/** A lesson's kind: `video` for lectures stored before kinds. */
export const lessonKindOf = (lesson: { lessonKind?: LessonKind | undefined }): LessonKind =>
  lesson.lessonKind ?? 'video';

/** Lessons a student cannot mark complete themselves: a passed quiz or an accepted project completes them. */
export const isGatedLesson = (lesson: { lessonKind?: LessonKind | undefined }): boolean =>
  lesson.lessonKind === 'quiz' || lesson.lessonKind === 'project';

/** Words read per minute for an article's reading time. */
export const READING_WORDS_PER_MINUTE = 200;

/** An article's reading time in whole minutes (at least 1) from its HTML. */
export function readingMinutes(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .trim();
  const words = text ? text.split(/\s+/).length : 0;
  return Math.max(1, Math.ceil(words / READING_WORDS_PER_MINUTE));
}

// ---------------------------------------------------------------------------------------------
// Quizzes

export const QUESTION_KINDS = ['single', 'multiple', 'text'] as const;
/** `single`: one correct option; `multiple`: one or more; `text`: a short answer matched against `acceptedAnswers`. */
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export interface QuizOption {
  optionId: string;
  text: string;
  /** Only in the owner's view (`quizDefinition`), never in a student's before they submit. */
  correct: boolean;
}

/** A question as its educator edits it: the answer key included. */
export interface QuizQuestion {
  questionId: string;
  kind: QuestionKind;
  prompt: string;
  /** Empty for `text` questions. */
  options: QuizOption[];
  /** `text` questions: answers accepted (case and spacing ignored); empty otherwise. */
  acceptedAnswers: string[];
  /** Shown with the question's feedback once the student has submitted. */
  explanation: string;
}

/** A quiz as its educator edits it (`EditableCourse` → lesson `quizDefinition`): never sent to a student. */
export interface QuizDefinition {
  /** The score in percent a student needs to pass (and complete the lesson). */
  passPercent: number;
  /** Attempts a student may submit; null for no limit. */
  maxAttempts: number | null;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  questions: QuizQuestion[];
}

/** What anyone may know of a quiz lesson (the course page, the curriculum): no question, no key. */
export interface QuizSummary {
  questionCount: number;
  passPercent: number;
  maxAttempts: number | null;
}

/** A question as a student sees it before submitting: no correct flag, no accepted answer, no explanation. */
export interface StudentQuizQuestion {
  questionId: string;
  kind: QuestionKind;
  prompt: string;
  options: Array<{ optionId: string; text: string }>;
}

/** One answer of a submission: option ids for `single`/`multiple`, text for `text`. */
export interface QuizAnswer {
  questionId: string;
  optionIds?: string[];
  text?: string;
}

/** `POST …/quizzes/:lectureId/attempts` body. */
export interface QuizSubmission {
  answers: QuizAnswer[];
}

/** One question's feedback after a submission. */
export interface QuestionFeedback {
  questionId: string;
  correct: boolean;
  explanation: string;
  /** The key, only once the quiz is passed or no attempt is left (so a retry is not a copy). */
  correctOptionIds?: string[];
  acceptedAnswers?: string[];
}

/** A graded attempt. */
export interface QuizAttemptResult {
  attemptId: string;
  attemptNumber: number;
  /** Questions answered correctly, out of `maxScore` (one point each). */
  score: number;
  maxScore: number;
  /** 0–100, rounded down to a whole percent. */
  percent: number;
  passed: boolean;
  submittedAt: string;
  feedback: QuestionFeedback[];
}

/** `GET /api/user/courses/:courseId/quizzes/:lectureId` → `quiz`: what a student needs to take it. */
export interface StudentQuiz {
  lectureId: string;
  passPercent: number;
  maxAttempts: number | null;
  attemptsUsed: number;
  /** null for no limit. */
  attemptsLeft: number | null;
  passed: boolean;
  bestPercent: number | null;
  /** In the order this student sees them (shuffled when the educator asked, stable per attempt). */
  questions: StudentQuizQuestion[];
  /** Earlier attempts, newest first. */
  attempts: QuizAttemptResult[];
}

/** `GET /api/educator/quiz-stats` → `quizzes[]`: one row per quiz lesson of the educator's courses. */
export interface QuizStats {
  courseId: string;
  courseTitle: string;
  lectureId: string;
  lectureTitle: string;
  attempts: number;
  students: number;
  averagePercent: number | null;
  /** Students who passed, over students who attempted (0–100), null with no attempt. */
  passRate: number | null;
  mostMissed: { questionId: string; prompt: string; missed: number } | null;
}

// ---------------------------------------------------------------------------------------------
// Resources

export type ResourceKind = 'file' | 'link';

/**
 * A lesson's resource as the course answers it. A file is fetched through a short-lived signed link
 * (`GET /api/courses/:courseId/resources/:resourceId/link`); a link's `url` is present only where the
 * lesson may be opened (free preview, enrolled, owner, admin).
 */
export interface LessonResource {
  resourceId: string;
  kind: ResourceKind;
  title: string;
  /** Files: the name, bytes and type as checked from the content. */
  fileName?: string;
  size?: number;
  contentType?: string;
  /** Links only, and only with access. */
  url?: string;
}

/** A resource as the course form sends it: an uploaded file by id, or a link. */
export type LessonResourceInput = { resourceId: string; title?: string } | { title: string; url: string };

/** `POST /api/educator/resources` → `resource`: an uploaded file not yet attached to a lesson. */
export interface UploadedResource {
  resourceId: string;
  fileName: string;
  size: number;
  contentType: string;
}

/** `GET /api/courses/:courseId/resources/:resourceId/link` → a signed download link. */
export interface ResourceLink {
  url: string;
  expiresAt: string;
}

// ---------------------------------------------------------------------------------------------
// Projects

export type SubmissionStatus = 'submitted' | 'accepted' | 'changes_requested';

/** A student's project submission (theirs, or the course educator's review queue). */
export interface ProjectSubmission {
  _id: string;
  courseId: string;
  courseTitle?: string;
  lectureId: string;
  lectureTitle?: string;
  student?: { _id: string; name: string; imageUrl: string };
  /** A link (a repository, a deployed site) or a file. */
  kind: 'link' | 'file';
  url?: string;
  fileName?: string;
  size?: number;
  /** The student's note to the educator (plain text). */
  note: string;
  status: SubmissionStatus;
  /** The educator's comment when they asked for changes (or accepted with one). */
  reviewComment?: string;
  submittedAt: string;
  reviewedAt?: string;
}

// ---------------------------------------------------------------------------------------------
// What a course includes

export interface CourseIncludes {
  videos: number;
  articles: number;
  quizzes: number;
  projects: number;
  resources: number;
}

/** Counts of a course's lessons by kind, and of their resources. */
export function courseIncludes(
  chapters: ReadonlyArray<{
    chapterContent: ReadonlyArray<{ lessonKind?: LessonKind | undefined; resources?: readonly unknown[] | undefined }>;
  }>,
): CourseIncludes {
  const counts: CourseIncludes = { videos: 0, articles: 0, quizzes: 0, projects: 0, resources: 0 };
  for (const chapter of chapters)
    for (const lesson of chapter.chapterContent) {
      const kind = lessonKindOf(lesson);
      if (kind === 'video') counts.videos += 1;
      else if (kind === 'article') counts.articles += 1;
      else if (kind === 'quiz') counts.quizzes += 1;
      else counts.projects += 1;
      counts.resources += lesson.resources?.length ?? 0;
    }
  return counts;
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "24 videos · 3 quizzes · 12 resources · 1 project": the kinds a course has, none for a zero. */
export function includesLine(includes: CourseIncludes): string {
  return [
    includes.videos && counted(includes.videos, 'video', 'videos'),
    includes.articles && counted(includes.articles, 'article', 'articles'),
    includes.quizzes && counted(includes.quizzes, 'quiz', 'quizzes'),
    includes.resources && counted(includes.resources, 'resource', 'resources'),
    includes.projects && counted(includes.projects, 'project', 'projects'),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A short answer compared as the grader compares it: case, surrounding and repeated spaces ignored. */
export const normalizeAnswer = (text: string): string =>
  text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
