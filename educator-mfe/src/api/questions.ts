import type { InboxCount } from '@courseport/contracts';
import { api, queryOptions } from '@courseport/shared-ui';

/**
 * The educator's open questions across their courses (#35): the sidebar's Q&A badge and the
 * inbox's summary. Under the Q&A's keys (`['educator', 'questions']`), so what refreshes the
 * inbox refreshes it too; looked at again every minute while the portal is open.
 */
export const UNANSWERED_COUNT_KEY = ['educator', 'questions', 'unanswered-count'] as const;

export const unansweredCountQuery = () =>
  queryOptions({
    queryKey: UNANSWERED_COUNT_KEY,
    queryFn: async () => {
      const res = await api.get<Partial<InboxCount>>('/api/educator/questions/unanswered-count');
      return typeof res.unanswered === 'number' ? Math.max(0, res.unanswered) : 0;
    },
    staleTime: 30_000,
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  });
