import { api, type ProjectSubmission, queryKeys, queryOptions, type SubmissionStatus } from '@courseport/shared-ui';

/**
 * The educator's project submissions (#32), shared by the submissions page and the dashboard's
 * "waiting for review" count (two features, so here). Keys under `queryKeys.educator.all`.
 */
export const SUBMISSIONS_PATH = '/api/educator/project-submissions';
export const SUBMISSIONS_PAGE_SIZE = 10;

export type SubmissionFilter = SubmissionStatus | 'all';

export interface SubmissionsPage {
  submissions: ProjectSubmission[];
  total: number;
}

/** `GET /api/educator/project-submissions?status=&offset=&limit=` (no `status` for every one). */
export const submissionsPath = (status: SubmissionFilter, offset: number, limit: number) => {
  const params = new URLSearchParams();
  if (status !== 'all') params.set('status', status);
  params.set('offset', String(offset));
  params.set('limit', String(limit));
  return `${SUBMISSIONS_PATH}?${params}`;
};

export const submissionKeys = {
  all: [...queryKeys.educator.all, 'project-submissions'] as const,
  page: (status: SubmissionFilter, page: number) =>
    [...queryKeys.educator.all, 'project-submissions', { status, page }] as const,
  waiting: () => [...queryKeys.educator.all, 'project-submissions', 'waiting'] as const,
};

export const submissionsQuery = (status: SubmissionFilter, page: number) =>
  queryOptions({
    queryKey: submissionKeys.page(status, page),
    queryFn: async (): Promise<SubmissionsPage> => {
      const offset = (page - 1) * SUBMISSIONS_PAGE_SIZE;
      const res = await api.get<Partial<SubmissionsPage>>(submissionsPath(status, offset, SUBMISSIONS_PAGE_SIZE));
      return {
        submissions: Array.isArray(res.submissions) ? res.submissions : [],
        total: typeof res.total === 'number' ? res.total : 0,
      };
    },
  });

/** How many submissions wait for a review: `GET /api/educator/project-submissions/count` → `pending`. */
export const waitingCountQuery = () =>
  queryOptions({
    queryKey: submissionKeys.waiting(),
    queryFn: async (): Promise<number> => {
      const res = await api.get<{ pending?: number }>(`${SUBMISSIONS_PATH}/count`);
      return typeof res.pending === 'number' ? res.pending : 0;
    },
  });
