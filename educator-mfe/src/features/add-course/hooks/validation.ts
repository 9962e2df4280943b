import {
  coursePriceSchema,
  discountSchema,
  lectureSchema,
  newCourseSchema,
  YOUTUBE_LINK_MESSAGE,
} from '@courseport/contracts/course-schema';
import type { NewCourseInput } from '@courseport/shared-ui';
import type { z } from 'zod';
import { type LectureFields, toLessonInput, videoSourceOf } from './chapters';

/**
 * The course form's checks in the browser: the very schemas the API validates with (contracts), so
 * a field the server would refuse is marked here first, with the server's own words after the
 * field's name ("The price must not be negative"). Nothing is clamped or changed silently.
 */
const firstProblem = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'is not valid');
};

/** What is wrong with a price or a discount, as "The price must not be negative"; null when nothing. */
function valueProblem(schema: z.ZodType, noun: string, value: number): string | null {
  const problem = firstProblem(schema, value);
  return problem ? `${noun} ${problem}` : null;
}

export const priceProblem = (value: number) => valueProblem(coursePriceSchema, 'The price', value);
export const discountProblem = (value: number) => valueProblem(discountSchema, 'The discount', value);

/**
 * A lesson's problems by field: `lectureTitle`, `lectureDuration`, `lectureUrl`, `hostedVideoId`, `articleHtml`,
 * `projectBrief`, `resources`, and the quiz's own as paths (`quizDefinition.passPercent`,
 * `quizDefinition.questions.0.options`, `quizDefinition.questions.1.options.0.text`...).
 */
export type LectureProblems = Partial<Record<string, string>>;

const LECTURE_NOUNS: Record<string, string> = {
  lectureTitle: 'The lecture title',
  lectureDuration: 'The duration',
  lectureUrl: 'The lecture URL',
  hostedVideoId: 'The video',
  isPreviewFree: 'Free preview',
  articleHtml: 'The article',
  projectBrief: 'The project brief',
  quizDefinition: 'The quiz',
  resources: 'The resources',
};

/** What a quiz problem is about, in words: "The pass mark", "Question 2", "Option 1 of question 2". */
function quizNoun(path: ReadonlyArray<PropertyKey>): string {
  const [, part, q, sub, o] = path;
  if (part === 'passPercent') return 'The pass mark';
  if (part === 'maxAttempts') return 'The attempts limit';
  if (part !== 'questions' || typeof q !== 'number') return 'The quiz';
  const question = `Question ${q + 1}`;
  if (sub === 'prompt') return `${question}: the question`;
  if (sub === 'explanation') return `${question}: the explanation`;
  if (sub === 'options' && typeof o === 'number') return `${question}: option ${o + 1}`;
  if (sub === 'acceptedAnswers' && typeof o === 'number') return `${question}: accepted answer ${o + 1}`;
  return question;
}

/** Where a problem shows: the field, or for the quiz the part it is about (option texts: the option). */
const problemKey = (path: ReadonlyArray<PropertyKey>) => {
  if (path[0] !== 'quizDefinition') return String(path[0]);
  return path.filter((part) => part !== 'text').join('.');
};

/** What is wrong with each field of a lesson, as the server would say it (empty when nothing). */
export function lectureProblems(fields: LectureFields): LectureProblems {
  const result = lectureSchema.safeParse(toLessonInput(fields));
  const problems: LectureProblems = {};
  // A hosted video lesson: no link to ask for, but a video to choose.
  const hosted = (fields.lessonKind ?? 'video') === 'video' && videoSourceOf(fields) === 'hosted';
  if (hosted && !fields.hostedVideoId) problems.hostedVideoId = HOSTED_VIDEO_REQUIRED;
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const key = problemKey(issue.path);
    const noun = issue.path[0] === 'quizDefinition' ? quizNoun(issue.path) : LECTURE_NOUNS[key];
    if (!problems[key]) problems[key] = `${noun ?? 'This field'} ${issue.message}`;
  }
  if (hosted) delete problems.lectureUrl;
  // Its minutes come from the video: until one is chosen, choosing it is the one thing to do.
  if (hosted && !fields.hostedVideoId) delete problems.lectureDuration;
  // A saved quiz sent without its definition is kept as it is (the edit schema allows it).
  if (fields.keepsSavedQuiz && !fields.quiz) delete problems.quizDefinition;
  return problems;
}

export const HOSTED_VIDEO_REQUIRED = 'Please choose one of your videos';

export const YOUTUBE_LINK_HINT = `The lecture URL ${YOUTUBE_LINK_MESSAGE}`;

/** The whole course as add-course's schema judges it: the first problem, as "where: what", or null. */
export function courseProblem(input: NewCourseInput): string | null {
  const result = newCourseSchema.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}` : 'The course is not valid';
}
