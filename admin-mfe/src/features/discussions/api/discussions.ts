import type { AdminDiscussionPost, AdminDiscussionsPage, DiscussionAdminState } from '@courseport/contracts';
import { api, infiniteQueryOptions } from '@courseport/shared-ui';
import { adminDiscussionKeys } from './keys';

const enc = encodeURIComponent;

/** `GET /api/admin/discussions?state=&q=&cursor=`: every course's questions and answers, newest first. */
export const discussionsPath = (state: DiscussionAdminState, q: string, cursor: string | null) =>
  `/api/admin/discussions?state=${state}${q ? `&q=${enc(q)}` : ''}${cursor ? `&cursor=${enc(cursor)}` : ''}`;
/** `POST /api/admin/{questions,answers}/:id/hide { reason }`, `…/restore`. */
export const moderationPath = (post: Pick<AdminDiscussionPost, 'kind' | '_id'>, action: 'hide' | 'restore') =>
  `/api/admin/${post.kind === 'question' ? 'questions' : 'answers'}/${enc(post._id)}/${action}`;

/** The list's pages (`Load more` asks for the next). */
export const adminDiscussionsQuery = (state: DiscussionAdminState, q: string) =>
  infiniteQueryOptions({
    queryKey: adminDiscussionKeys.list(state, q),
    queryFn: async ({ pageParam }): Promise<AdminDiscussionsPage> => {
      const res = await api.get<Partial<AdminDiscussionsPage>>(discussionsPath(state, q, pageParam));
      return { posts: Array.isArray(res.posts) ? res.posts : [], nextCursor: res.nextCursor ?? null };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const hidePost = ({ post, reason }: { post: AdminDiscussionPost; reason: string }) =>
  api.post<{ message?: string }>(moderationPath(post, 'hide'), { reason });

export const restorePost = (post: AdminDiscussionPost) =>
  api.post<{ message?: string }>(moderationPath(post, 'restore'));
