import { api, type ContinueLearning, queryKeys, queryOptions } from '@courseport/shared-ui';

/** `GET /api/user/continue-learning`: the signed-in student's unfinished courses, most recently watched first. */
export const continueLearningQuery = () =>
  queryOptions({
    queryKey: queryKeys.user.continueLearning(),
    queryFn: async () => (await api.get<{ courses: ContinueLearning[] }>('/api/user/continue-learning')).courses ?? [],
    // Where the student stopped changes in the player: asked again each time Home opens.
    staleTime: 0,
  });

/** The player at the lecture to continue with. */
export const continuePath = ({ courseId, lecture }: ContinueLearning) =>
  `/player/${encodeURIComponent(courseId)}?lecture=${encodeURIComponent(lecture.lectureId)}`;
