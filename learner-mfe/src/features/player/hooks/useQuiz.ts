import {
  invalidateAfterProgress,
  type QuizAnswer,
  type QuizAttemptResult,
  useMutation,
  useQuery,
  useQueryClient,
  useQueryState,
} from '@courseport/shared-ui';
import { useState } from 'react';
import { quizKey, quizQuery, submitQuiz } from '../api/lessons';

/**
 * A quiz lesson's questions and attempts, and submitting one: the graded attempt is shown (`result`)
 * and the quiz as it now stands replaces the cached one; a passed attempt completes the lesson on
 * the server, so the course's progress is fetched again.
 */
export function useQuiz(courseId: string, lectureId: string) {
  const client = useQueryClient();
  const query = useQuery(quizQuery(courseId, lectureId));
  const { state } = useQueryState(query, { fallback: 'Failed to load the quiz' });
  const [result, setResult] = useState<QuizAttemptResult | null>(null);

  const submitting = useMutation({
    mutationFn: (answers: QuizAnswer[]) => submitQuiz(courseId, lectureId, answers),
    onSuccess: ({ result: graded, quiz }) => {
      client.setQueryData(quizKey(courseId, lectureId), quiz);
      setResult(graded);
      if (graded.passed) return invalidateAfterProgress(courseId, client);
    },
    onError: (error) => {
      // 409: no attempt left (another tab used it): what the quiz now says.
      if ((error as { status?: number }).status === 409) {
        void client.invalidateQueries({ queryKey: quizKey(courseId, lectureId) });
      }
    },
  });

  return {
    state,
    retry: () => void query.refetch(),
    result,
    submit: (answers: QuizAnswer[]) => submitting.mutate(answers),
    submitting: submitting.isPending,
    submitError: submitting.error,
    /** Back to the questions, for another attempt. */
    tryAgain: () => {
      setResult(null);
      submitting.reset();
    },
  };
}
