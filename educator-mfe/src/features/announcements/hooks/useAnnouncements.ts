import type { AnnouncementsPage } from '@courseport/contracts';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  useQueryState,
  useToast,
} from '@courseport/shared-ui';
import { useCallback, useMemo } from 'react';
import {
  type AnnouncementInput,
  announcementKeys,
  announcementsQuery,
  deleteAnnouncement,
  editAnnouncement,
  flattenAnnouncements,
  postAnnouncement,
} from '../api/announcements';

const LOAD_FAILED = 'Failed to fetch announcements';

/** A course's announcements and what the educator does with them: post, edit, delete. */
export function useAnnouncements(courseId: string, enabled: boolean) {
  const toast = useToast();
  const client = useQueryClient();
  const key = announcementKeys.list(courseId);
  const query = useInfiniteQuery({ ...announcementsQuery(courseId), enabled });
  const { state, retry } = useQueryState(query, { fallback: LOAD_FAILED, network: 'fallback' });
  const announcements = useMemo(() => flattenAnnouncements(query.data?.pages ?? []), [query.data]);
  const { fetchNextPage } = query;
  const loadMore = useCallback(async () => {
    const result = await fetchNextPage({ cancelRefetch: false });
    if (result.isFetchNextPageError) toast.failure(result.error, LOAD_FAILED, { network: 'fallback' });
  }, [fetchNextPage, toast]);

  const patch = (change: (pages: AnnouncementsPage[]) => AnnouncementsPage[]) =>
    client.setQueryData<InfiniteData<AnnouncementsPage, string | null>>(
      key,
      (cached) => cached && { ...cached, pages: change(cached.pages) },
    );

  const posting = useMutation({
    mutationFn: postAnnouncement,
    onSuccess: (announcement) => {
      toast.success('Announcement posted: your students are being told');
      patch((pages) =>
        pages.map((page, i) => (i === 0 ? { ...page, announcements: [announcement, ...page.announcements] } : page)),
      );
    },
  });
  const editing = useMutation({
    mutationFn: editAnnouncement,
    onSuccess: (announcement) => {
      toast.success('Announcement updated');
      patch((pages) =>
        pages.map((page) => ({
          ...page,
          announcements: page.announcements.map((a) => (a._id === announcement._id ? announcement : a)),
        })),
      );
    },
  });
  const deleting = useMutation({
    mutationFn: deleteAnnouncement,
    onSuccess: (_res, { id }) => {
      toast.success('Announcement deleted');
      patch((pages) =>
        pages.map((page) => ({ ...page, announcements: page.announcements.filter((a) => a._id !== id) })),
      );
    },
    onError: (error) => toast.failure(error, 'Could not delete the announcement'),
  });

  return {
    state,
    retry,
    announcements,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore,
    /** Rejects with the server's refusal (the daily limit's 429 among them): the form shows it. */
    post: (input: AnnouncementInput) => posting.mutateAsync({ courseId, input }).then(() => undefined),
    posting: posting.isPending,
    edit: (id: string, input: AnnouncementInput) => editing.mutateAsync({ courseId, id, input }).then(() => undefined),
    editingId: editing.isPending ? editing.variables.id : null,
    remove: (id: string) => deleting.mutate({ courseId, id }),
    deletingId: deleting.isPending ? deleting.variables.id : null,
  };
}
