import type { Answer, AnswersPage, DiscussionSort, Question, QuestionsPage, VoteResult } from '@courseport/contracts';
import { api, apiRequest, infiniteQueryOptions, queryKeys, queryOptions } from '@courseport/shared-ui';

const enc = encodeURIComponent;

/** A conversation goes on while it is read: what is shown again is fetched again (the cache shows it meanwhile). */
const LIVE = { staleTime: 0 } as const;

/** What a question list shows: a lesson's (or, with `lectureId` null, the course's), a search, an order. */
export interface QuestionsFilter {
  courseId: string;
  lectureId: string | null;
  q: string;
  sort: DiscussionSort;
}

/** Under the user's keys: a sign-out clears them. */
export const discussionKeys = {
  all: [...queryKeys.user.all, 'discussions'] as const,
  lists: (courseId: string) => [...queryKeys.user.all, 'discussions', 'list', courseId] as const,
  list: (f: QuestionsFilter) =>
    [
      ...queryKeys.user.all,
      'discussions',
      'list',
      f.courseId,
      { lectureId: f.lectureId, q: f.q, sort: f.sort },
    ] as const,
  question: (id: string) => [...queryKeys.user.all, 'discussions', 'question', id] as const,
  answers: (id: string) => [...queryKeys.user.all, 'discussions', 'answers', id] as const,
};

export function questionsPath({ courseId, lectureId, q, sort }: QuestionsFilter, cursor: string | null): string {
  const params = new URLSearchParams();
  if (lectureId) params.set('lectureId', lectureId);
  if (q) params.set('q', q);
  params.set('sort', sort);
  if (cursor) params.set('cursor', cursor);
  return `/api/courses/${enc(courseId)}/questions?${params}`;
}

/** `GET /api/courses/:courseId/questions?lectureId=&q=&sort=&cursor=`, page by page. */
export const questionsQuery = (filter: QuestionsFilter) =>
  infiniteQueryOptions({
    queryKey: discussionKeys.list(filter),
    queryFn: async ({ pageParam }) => {
      const { questions, nextCursor } = await api.get<QuestionsPage>(questionsPath(filter, pageParam));
      return { questions, nextCursor };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    ...LIVE,
  });

/** `GET /api/questions/:id`. */
export const questionQuery = (id: string) =>
  queryOptions({
    queryKey: discussionKeys.question(id),
    queryFn: async () => (await api.get<{ question: Question }>(`/api/questions/${enc(id)}`)).question,
    ...LIVE,
  });

export const answersPath = (id: string, cursor: string | null) =>
  `/api/questions/${enc(id)}/answers${cursor ? `?cursor=${enc(cursor)}` : ''}`;

/** `GET /api/questions/:id/answers?cursor=`: oldest first. */
export const answersQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: discussionKeys.answers(id),
    queryFn: async ({ pageParam }) => {
      const { answers, nextCursor } = await api.get<AnswersPage>(answersPath(id, pageParam));
      return { answers, nextCursor };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    ...LIVE,
  });

/** `POST /api/courses/:courseId/questions { lectureId, title, body }`. */
export async function askQuestion(courseId: string, input: { lectureId: string; title: string; body: string }) {
  const res = await api.post<{ question: Question }>(`/api/courses/${enc(courseId)}/questions`, input);
  return { question: res.question, message: res.message };
}

/** `PATCH /api/questions/:id { title?, body? }`. */
export async function editQuestion(id: string, edit: { title?: string; body?: string }) {
  const res = await apiRequest<{ question: Question }>(`/api/questions/${enc(id)}`, { method: 'PATCH', body: edit });
  return { question: res.question, message: res.message };
}

/** `DELETE /api/questions/:id` (its answers go with it). */
export async function deleteQuestion(id: string) {
  return (await apiRequest(`/api/questions/${enc(id)}`, { method: 'DELETE' })).message;
}

/** `POST /api/questions/:id/answers { body }`. */
export async function postAnswer(questionId: string, body: string) {
  const res = await api.post<{ answer: Answer }>(`/api/questions/${enc(questionId)}/answers`, { body });
  return { answer: res.answer, message: res.message };
}

/** `PATCH /api/answers/:id { body }`. */
export async function editAnswer(id: string, body: string) {
  const res = await apiRequest<{ answer: Answer }>(`/api/answers/${enc(id)}`, { method: 'PATCH', body: { body } });
  return { answer: res.answer, message: res.message };
}

/** `DELETE /api/answers/:id`. */
export async function deleteAnswer(id: string) {
  return (await apiRequest(`/api/answers/${enc(id)}`, { method: 'DELETE' })).message;
}

/** `PUT|DELETE /api/{questions|answers}/:id/vote`: one upvote per person, given or taken back. */
export async function vote(kind: 'questions' | 'answers', id: string, up: boolean): Promise<VoteResult> {
  const { upvotes, votedByMe } = await apiRequest<VoteResult>(`/api/${kind}/${enc(id)}/vote`, {
    method: up ? 'PUT' : 'DELETE',
  });
  return { upvotes, votedByMe };
}

/** `POST /api/questions/:id/accept { answerId }`, or `DELETE` (none accepted). */
export async function acceptAnswer(questionId: string, answerId: string | null) {
  const path = `/api/questions/${enc(questionId)}/accept`;
  const res = answerId
    ? await api.post<{ question: Question }>(path, { answerId })
    : await apiRequest<{ question: Question }>(path, { method: 'DELETE' });
  return { question: res.question, message: res.message };
}
