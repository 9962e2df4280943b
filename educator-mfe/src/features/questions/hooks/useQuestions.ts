import type { Answer, AnswersPage } from '@courseport/contracts';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  useQueryState,
  useToast,
} from '@courseport/shared-ui';
import { useCallback, useMemo } from 'react';
import { UNANSWERED_COUNT_KEY } from '../../../api/questions';
import {
  answersQuery,
  deleteAnswer,
  editAnswer,
  flattenAnswers,
  flattenQuestions,
  type ListedPage,
  type ListedQuestion,
  postAnswer,
  questionKeys,
  questionsQuery,
  setAccepted,
  vote,
} from '../api/questions';

const LOAD_FAILED = 'Failed to fetch questions';

/** Loads the next page of an infinite query; a failure is a toast and the list stays. */
function useLoadMore(
  fetchNextPage: (o: { cancelRefetch: boolean }) => Promise<{ isFetchNextPageError: boolean; error: unknown }>,
  fallback: string,
) {
  const toast = useToast();
  return useCallback(async () => {
    const result = await fetchNextPage({ cancelRefetch: false });
    if (result.isFetchNextPageError) toast.failure(result.error, fallback, { network: 'fallback' });
  }, [fetchNextPage, toast, fallback]);
}

/** The inbox (no course) or one course's questions searched with `q`, a page at a time. */
export function useQuestionList(courseId: string, q: string, enabled: boolean) {
  const query = useInfiniteQuery({ ...questionsQuery(courseId, q), enabled });
  const { state, retry } = useQueryState(query, { fallback: LOAD_FAILED, network: 'fallback' });
  const { data } = query;
  const questions = useMemo(() => flattenQuestions(data?.pages ?? []), [data]);
  const loadMore = useLoadMore(query.fetchNextPage, LOAD_FAILED);
  return { state, retry, questions, hasMore: query.hasNextPage, loadingMore: query.isFetchingNextPage, loadMore };
}

/** Changes a question wherever a list holds it (the inbox, a course's list, a search). */
function usePatchQuestion() {
  const client = useQueryClient();
  return useCallback(
    (questionId: string, patch: (question: ListedQuestion) => ListedQuestion) =>
      client.setQueriesData<InfiniteData<ListedPage, string | null>>(
        { queryKey: [...questionKeys.all, 'list'] },
        (cached) =>
          cached && {
            ...cached,
            pages: cached.pages.map((page) => ({
              ...page,
              questions: page.questions.map((q) => (q._id === questionId ? patch(q) : q)),
            })),
          },
      ),
    [client],
  );
}

/** A question's answers, and what the educator does in its thread: answer, accept, upvote. */
export function useThread(question: ListedQuestion) {
  const questionId = question._id;
  const toast = useToast();
  const client = useQueryClient();
  const patchQuestion = usePatchQuestion();
  const query = useInfiniteQuery(answersQuery(questionId));
  const { state, retry } = useQueryState(query, { fallback: 'Failed to fetch answers', network: 'fallback' });
  const answers = useMemo(() => flattenAnswers(query.data?.pages ?? []), [query.data]);
  const loadMore = useLoadMore(query.fetchNextPage, 'Failed to fetch answers');

  const patchAnswers = useCallback(
    (patch: (pages: AnswersPage[]) => AnswersPage[]) =>
      client.setQueryData<InfiniteData<AnswersPage, string | null>>(
        questionKeys.answers(questionId),
        (cached) => cached && { ...cached, pages: patch(cached.pages) },
      ),
    [client, questionId],
  );
  const patchAnswer = useCallback(
    (answerId: string, patch: (answer: Answer) => Answer) =>
      patchAnswers((pages) =>
        pages.map((page) => ({ ...page, answers: page.answers.map((a) => (a._id === answerId ? patch(a) : a)) })),
      ),
    [patchAnswers],
  );

  const answering = useMutation({
    mutationFn: postAnswer,
    onSuccess: (answer) => {
      toast.success('Answer posted');
      // Shown at the end of what is loaded (oldest first); the list keeps its place.
      patchAnswers((pages) =>
        pages.map((page, i) => (i === pages.length - 1 ? { ...page, answers: [...page.answers, answer] } : page)),
      );
      patchQuestion(questionId, (q) => ({ ...q, answerCount: q.answerCount + 1 }));
      void client.invalidateQueries({ queryKey: UNANSWERED_COUNT_KEY });
    },
  });

  const editing = useMutation({
    mutationFn: editAnswer,
    onSuccess: (answer) => {
      toast.success('Answer updated');
      patchAnswer(answer._id, (a) => ({ ...a, ...answer }));
    },
  });

  const deleting = useMutation({
    mutationFn: deleteAnswer,
    onSuccess: (_, answerId) => {
      toast.success('Answer deleted');
      const gone = answers.find((a) => a._id === answerId);
      patchAnswers((pages) =>
        pages.map((page) => ({ ...page, answers: page.answers.filter((a) => a._id !== answerId) })),
      );
      patchQuestion(questionId, (q) => ({
        ...q,
        answerCount: Math.max(0, q.answerCount - (gone?.hidden ? 0 : 1)),
        acceptedAnswerId: q.acceptedAnswerId === answerId ? null : q.acceptedAnswerId,
      }));
      void client.invalidateQueries({ queryKey: UNANSWERED_COUNT_KEY });
    },
    onError: (error) => toast.failure(error, 'Could not delete your answer'),
  });

  const accepting = useMutation({
    mutationFn: setAccepted,
    onSuccess: (updated, { answerId }) => {
      toast.success(answerId ? 'Answer accepted' : 'Answer no longer accepted');
      patchQuestion(questionId, (q) => ({ ...q, acceptedAnswerId: updated?.acceptedAnswerId ?? answerId }));
      patchAnswers((pages) =>
        pages.map((page) => ({ ...page, answers: page.answers.map((a) => ({ ...a, accepted: a._id === answerId })) })),
      );
    },
    onError: (error) => toast.failure(error, 'Could not change the accepted answer'),
  });

  const voting = useMutation({
    mutationFn: vote,
    onSuccess: (result, { kind, id }) => {
      if (kind === 'questions') patchQuestion(id, (q) => ({ ...q, ...result }));
      else patchAnswer(id, (a) => ({ ...a, ...result }));
    },
    onError: (error) => toast.failure(error, 'Could not record your vote'),
  });

  return {
    state,
    retry,
    answers,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore,
    /** Resolves true once posted; a refusal rejects with the server's message (shown by the form). */
    answer: (body: string) => answering.mutateAsync({ questionId, body }).then(() => true),
    answeringNow: answering.isPending,
    /** The educator's own answer, edited: resolves true once saved; a refusal rejects (shown by the form). */
    edit: (answerId: string, body: string) => editing.mutateAsync({ answerId, body }).then(() => true),
    editingId: editing.isPending ? (editing.variables?.answerId ?? null) : null,
    remove: (answerId: string) => deleting.mutate(answerId),
    deletingId: deleting.isPending ? (deleting.variables ?? null) : null,
    accept: (answerId: string | null) => accepting.mutate({ questionId, answerId }),
    acceptingId: accepting.isPending ? (accepting.variables?.answerId ?? 'none') : null,
    vote: (kind: 'questions' | 'answers', id: string, up: boolean) => voting.mutate({ kind, id, up }),
    votingId: voting.isPending ? (voting.variables?.id ?? null) : null,
  };
}
