import type { Answer, AnswersPage, InboxQuestion, Question, VoteResult } from '@courseport/contracts';
import { api, apiRequest, infiniteQueryOptions, mergePages } from '@courseport/shared-ui';

/** The Q&A's own query keys (below the educator's, so a course action's refetch takes them too). */
export const questionKeys = {
  all: ['educator', 'questions'] as const,
  list: (courseId: string, q: string) => ['educator', 'questions', 'list', courseId, q] as const,
  answers: (questionId: string) => ['educator', 'questions', 'answers', questionId] as const,
};

/** A question as the inbox shows it: the course's list (filtered) has no lesson title. */
export type ListedQuestion = Question & Partial<Pick<InboxQuestion, 'course' | 'lectureTitle'>>;

export interface ListedPage {
  questions: ListedQuestion[];
  nextCursor: string | null;
}

const enc = encodeURIComponent;
const withCursor = (path: string, cursor: string | null) =>
  cursor ? `${path}${path.includes('?') ? '&' : '?'}cursor=${enc(cursor)}` : path;

/** `GET /api/educator/questions?q=&cursor=`: every course's, unanswered first, searched with `q`. */
export const inboxPath = (cursor: string | null, q = '') =>
  withCursor(q ? `/api/educator/questions?${new URLSearchParams({ q })}` : '/api/educator/questions', cursor);
/** `GET /api/courses/:courseId/questions?q=&sort=newest&cursor=`: one course's, searched. */
export const courseQuestionsPath = (courseId: string, q: string, cursor: string | null) => {
  const params = new URLSearchParams({ sort: 'newest' });
  if (q) params.set('q', q);
  return withCursor(`/api/courses/${enc(courseId)}/questions?${params}`, cursor);
};
export const answersPath = (questionId: string, cursor: string | null = null) =>
  withCursor(`/api/questions/${enc(questionId)}/answers`, cursor);
export const acceptPath = (questionId: string) => `/api/questions/${enc(questionId)}/accept`;
export const votePath = (kind: 'questions' | 'answers', id: string) => `/api/${kind}/${enc(id)}/vote`;

const pageOf = <T>(items: T[] | undefined, nextCursor: string | null | undefined) => ({
  items: Array.isArray(items) ? items : [],
  nextCursor: typeof nextCursor === 'string' ? nextCursor : null,
});

/**
 * The educator's questions a page at a time ('Load more'): the inbox across their courses, or, with
 * a course chosen, that course's questions (newest first); either searched with `q`.
 */
export const questionsQuery = (courseId: string, q: string) =>
  infiniteQueryOptions({
    queryKey: questionKeys.list(courseId, q),
    queryFn: async ({ pageParam }): Promise<ListedPage> => {
      const res = await api.get<Partial<ListedPage>>(
        courseId ? courseQuestionsPath(courseId, q, pageParam) : inboxPath(pageParam, q),
      );
      const { items, nextCursor } = pageOf(res.questions, res.nextCursor);
      return { questions: items, nextCursor };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const flattenQuestions = (pages: readonly ListedPage[]) => mergePages(pages.map((page) => page.questions));

/** A question's answers, oldest first, a page at a time. */
export const answersQuery = (questionId: string) =>
  infiniteQueryOptions({
    queryKey: questionKeys.answers(questionId),
    queryFn: async ({ pageParam }): Promise<AnswersPage> => {
      const res = await api.get<Partial<AnswersPage>>(answersPath(questionId, pageParam));
      const { items, nextCursor } = pageOf(res.answers, res.nextCursor);
      return { answers: items, nextCursor };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const flattenAnswers = (pages: readonly AnswersPage[]) => mergePages(pages.map((page) => page.answers));

/** `POST /api/questions/:id/answers { body }` → the answer (with the "Instructor" mark the server gives). */
export const postAnswer = async ({ questionId, body }: { questionId: string; body: string }) =>
  (await api.post<{ answer: Answer }>(answersPath(questionId), { body })).answer;

/** `PATCH /api/answers/:id { body }` → the author's answer as edited (sanitized by the server). */
export const editAnswer = async ({ answerId, body }: { answerId: string; body: string }) =>
  (await apiRequest<{ answer: Answer }>(`/api/answers/${enc(answerId)}`, { method: 'PATCH', body: { body } })).answer;

/** `DELETE /api/answers/:id`: the author's own answer. */
export const deleteAnswer = async (answerId: string) => {
  await apiRequest(`/api/answers/${enc(answerId)}`, { method: 'DELETE' });
};

/** `POST|DELETE /api/questions/:id/accept` → the question as it now is. */
export const setAccepted = async ({ questionId, answerId }: { questionId: string; answerId: string | null }) =>
  (
    await (answerId
      ? api.post<{ question: Question }>(acceptPath(questionId), { answerId })
      : apiRequest<{ question: Question }>(acceptPath(questionId), { method: 'DELETE' }))
  ).question;

/** `PUT|DELETE /api/questions/:id/vote` or `/api/answers/:id/vote`. */
export const vote = async ({ kind, id, up }: { kind: 'questions' | 'answers'; id: string; up: boolean }) => {
  const res = await apiRequest<VoteResult>(votePath(kind, id), { method: up ? 'PUT' : 'DELETE' });
  return { upvotes: res.upvotes, votedByMe: res.votedByMe };
};
