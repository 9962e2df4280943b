import type { AnnouncementsPage } from '@courseport/contracts';
import { api, infiniteQueryOptions, queryKeys } from '@courseport/shared-ui';

/** Under the user's keys: a sign-out clears them. */
export const announcementKeys = {
  list: (courseId: string) => [...queryKeys.user.all, 'announcements', courseId] as const,
};

export const announcementsPath = (courseId: string, cursor: string | null) =>
  `/api/courses/${encodeURIComponent(courseId)}/announcements${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;

/** `GET /api/courses/:courseId/announcements?cursor=`: newest first, page by page. */
export const announcementsQuery = (courseId: string) =>
  infiniteQueryOptions({
    queryKey: announcementKeys.list(courseId),
    queryFn: async ({ pageParam }) => {
      const { announcements, nextCursor } = await api.get<AnnouncementsPage>(announcementsPath(courseId, pageParam));
      return { announcements, nextCursor };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
