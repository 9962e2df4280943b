import { COURSE_PART_ID } from '@courseport/contracts/course-schema';
import { z } from 'zod';

const id = (what: string) => z.string().regex(COURSE_PART_ID, `must be the id of one of the quiz’s ${what}`);

/** `POST /api/user/courses/:courseId/quizzes/:lectureId/attempts`: at most one answer per question. */
export const submissionSchema = z.object({
  answers: z
    .array(
      z.object({
        questionId: id('questions'),
        optionIds: z.array(id('options')).max(10, 'may have at most 10 options').optional(),
        text: z.string().max(500, 'must be at most 500 characters').optional(),
      }),
    )
    .max(100, 'may have at most 100 answers')
    .superRefine((answers, ctx) => {
      const seen = new Set<string>();
      answers.forEach((answer, index) => {
        if (seen.has(answer.questionId))
          ctx.addIssue({ code: 'custom', path: [index, 'questionId'], message: 'is answered more than once' });
        seen.add(answer.questionId);
      });
    }),
});

export const statsQuery = z.object({
  courseId: z.string().regex(COURSE_PART_ID, 'must be the id of one of your courses').optional(),
});
