import {
  coursePriceSchema,
  discountSchema,
  lectureSchema,
  newCourseSchema,
  YOUTUBE_LINK_MESSAGE,
} from '@courseport/contracts/course-schema';
import type { NewCourseInput } from '@courseport/shared-ui';
import type { z } from 'zod';
import type { LectureFields } from './chapters';

/**
 * The course form's checks in the browser: the very schemas the API validates with (contracts), so
 * a field the server would refuse is marked here first, with the server's own words after the
 * field's name ("The price must not be negative"). Nothing is clamped or changed silently.
 */
const firstProblem = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'is not valid');
};

/** An antd form rule from a schema; an empty field is left to the field's `required` rule. */
export function schemaRule(schema: z.ZodType, noun: string) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      if (value === null || value === undefined || value === '') return;
      const problem = firstProblem(schema, value);
      if (problem) throw new Error(`${noun} ${problem}`);
    },
  };
}

export const priceRule = schemaRule(coursePriceSchema, 'The price');
export const discountRule = schemaRule(discountSchema, 'The discount');

export type LectureProblems = Partial<Record<keyof LectureFields, string>>;

const LECTURE_NOUNS: Record<keyof LectureFields, string> = {
  lectureTitle: 'The lecture title',
  lectureDuration: 'The duration',
  lectureUrl: 'The lecture URL',
  isPreviewFree: 'Free preview',
};

/** The lecture's duration as the schema sees it: blank is missing (not 0), "abc" is not a number. */
const minutes = (typed: string) => (typed.trim() === '' ? undefined : Number(typed));

/** What is wrong with each field of a lecture, as the server would say it (empty when nothing). */
export function lectureProblems(fields: LectureFields): LectureProblems {
  const result = lectureSchema.safeParse({ ...fields, lectureDuration: minutes(fields.lectureDuration) });
  const problems: LectureProblems = {};
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof LectureFields;
    if (!problems[key]) problems[key] = `${LECTURE_NOUNS[key]} ${issue.message}`;
  }
  return problems;
}

export const YOUTUBE_LINK_HINT = `The lecture URL ${YOUTUBE_LINK_MESSAGE}`;

/** The whole course as add-course's schema judges it: the first problem, as "where: what", or null. */
export function courseProblem(input: NewCourseInput): string | null {
  const result = newCourseSchema.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}` : 'The course is not valid';
}
