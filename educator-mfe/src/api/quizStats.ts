import { api, type QuizStats, queryKeys, queryOptions } from '@courseport/shared-ui';

/** Quiz results, shared by the Quiz Results and Analytics pages (two features, so here). */
export const QUIZ_STATS_PATH = '/api/educator/quiz-stats';

export const quizStatsKey = () => [...queryKeys.educator.all, 'quiz-stats'] as const;

/** `GET /api/educator/quiz-stats` → one row per quiz lesson of the educator's courses. */
export const quizStatsQuery = () =>
  queryOptions({
    queryKey: quizStatsKey(),
    queryFn: async (): Promise<QuizStats[]> => {
      const res = await api.get<{ quizzes?: QuizStats[] }>(QUIZ_STATS_PATH);
      return Array.isArray(res.quizzes) ? res.quizzes : [];
    },
  });
