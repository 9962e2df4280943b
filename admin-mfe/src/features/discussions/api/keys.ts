import type { DiscussionAdminState } from '@courseport/contracts';

/** The Q&A tab's queries (#35), all under `['admin', 'discussions']`: the dashboard's Refresh reloads them. */
export const adminDiscussionKeys = {
  all: ['admin', 'discussions'] as const,
  list: (state: DiscussionAdminState, q: string) => ['admin', 'discussions', 'list', state, q] as const,
};
