import {
  type AdminReview,
  type AdminReviewsPage,
  api,
  queryKeys,
  queryOptions,
  reviewsPageOf,
} from '@courseport/shared-ui';

/** Which reviews the admin list shows: every written review, or only the hidden ones. */
export type ReviewFilter = 'all' | 'hidden';

/** `GET /api/admin/reviews?page=N&status=all|hidden`. */
export const reviewsPath = (status: ReviewFilter, page: number) => `/api/admin/reviews?page=${page}&status=${status}`;
/** `POST /api/admin/reviews/:reviewId/hide { reason }`. */
export const hidePath = (reviewId: string) => `/api/admin/reviews/${encodeURIComponent(reviewId)}/hide`;
/** `POST /api/admin/reviews/:reviewId/restore`. */
export const restorePath = (reviewId: string) => `/api/admin/reviews/${encodeURIComponent(reviewId)}/restore`;

/** One page of written reviews, newest first, hidden ones with why. */
export const adminReviewsQuery = (status: ReviewFilter, page: number) =>
  queryOptions({
    queryKey: queryKeys.admin.reviews(status, page),
    queryFn: async (): Promise<AdminReviewsPage> => {
      const res = await api.get<{ reviews?: Partial<AdminReviewsPage> }>(reviewsPath(status, page));
      return reviewsPageOf<AdminReview>(res.reviews, page);
    },
  });

export type ModerationResult = { message?: string; review?: AdminReview };

export const hideReview = ({ reviewId, reason }: { reviewId: string; reason: string }) =>
  api.post<ModerationResult>(hidePath(reviewId), { reason });

export const restoreReview = (reviewId: string) => api.post<ModerationResult>(restorePath(reviewId));
