import {
  api,
  type EducatorReview,
  type EducatorReviewsPage,
  queryKeys,
  queryOptions,
  reviewsPageOf,
} from '@courseport/shared-ui';

/** `GET /api/educator/reviews?page=N`: one page of the written reviews of the caller's courses. */
export const reviewsPath = (page: number) => `/api/educator/reviews?page=${page}`;
/** `POST /api/educator/reviews/:reviewId/reply { text }`: once per review. */
export const replyPath = (reviewId: string) => `/api/educator/reviews/${encodeURIComponent(reviewId)}/reply`;

/** One page of reviews, newest first. */
export const reviewsQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.educator.reviews(page),
    queryFn: async (): Promise<EducatorReviewsPage> => {
      const res = await api.get<{ reviews?: Partial<EducatorReviewsPage> }>(reviewsPath(page));
      return reviewsPageOf<EducatorReview>(res.reviews, page);
    },
  });

/** Posts the educator's one reply to a review: the review as it now is. */
export async function postReply({ reviewId, text }: { reviewId: string; text: string }) {
  return api.post<{ message?: string; review?: EducatorReview }>(replyPath(reviewId), { text });
}
