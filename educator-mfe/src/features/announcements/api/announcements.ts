import type { Announcement, AnnouncementsPage } from '@courseport/contracts';
import { api, apiRequest, infiniteQueryOptions, mergePages } from '@courseport/shared-ui';

const enc = encodeURIComponent;

export const announcementKeys = {
  list: (courseId: string) => ['educator', 'announcements', courseId] as const,
};

/** `GET|POST /api/courses/:courseId/announcements` (`?cursor=`: the next page, newest first). */
export const announcementsPath = (courseId: string, cursor: string | null = null) =>
  `/api/courses/${enc(courseId)}/announcements${cursor ? `?cursor=${enc(cursor)}` : ''}`;
/** `PATCH|DELETE /api/courses/:courseId/announcements/:id`. */
export const announcementPath = (courseId: string, id: string) => `${announcementsPath(courseId)}/${enc(id)}`;

/** A course's announcements, newest first, a page at a time. */
export const announcementsQuery = (courseId: string) =>
  infiniteQueryOptions({
    queryKey: announcementKeys.list(courseId),
    queryFn: async ({ pageParam }): Promise<AnnouncementsPage> => {
      const res = await api.get<Partial<AnnouncementsPage>>(announcementsPath(courseId, pageParam));
      return {
        announcements: Array.isArray(res.announcements) ? res.announcements : [],
        nextCursor: typeof res.nextCursor === 'string' ? res.nextCursor : null,
      };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const flattenAnnouncements = (pages: readonly AnnouncementsPage[]) =>
  mergePages(pages.map((page) => page.announcements));

export interface AnnouncementInput {
  title: string;
  body: string;
}

/** Posts an announcement (201): the server sanitizes the body and tells the students in the background. */
export const postAnnouncement = async ({ courseId, input }: { courseId: string; input: AnnouncementInput }) =>
  (await api.post<{ announcement: Announcement }>(announcementsPath(courseId), input)).announcement;

export const editAnnouncement = async ({
  courseId,
  id,
  input,
}: {
  courseId: string;
  id: string;
  input: AnnouncementInput;
}) =>
  (await apiRequest<{ announcement: Announcement }>(announcementPath(courseId, id), { method: 'PATCH', body: input }))
    .announcement;

export const deleteAnnouncement = ({ courseId, id }: { courseId: string; id: string }) =>
  apiRequest<{ message: string }>(announcementPath(courseId, id), { method: 'DELETE' });
