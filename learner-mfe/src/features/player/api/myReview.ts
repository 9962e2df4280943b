import { api, apiRequest, type MyReview, queryKeys, queryOptions, type ReviewInput } from '@courseport/shared-ui';

/** `/api/user/reviews/:courseId`: the signed-in student's own review of a course. */
export const myReviewPath = (courseId: string) => `/api/user/reviews/${encodeURIComponent(courseId)}`;

/** `GET /api/user/reviews/:courseId` → the student's review, or null when they have none. */
export async function fetchMyReview(courseId: string): Promise<MyReview | null> {
  const res = await api.get<{ review: MyReview | null }>(myReviewPath(courseId));
  return res.review ?? null;
}

/** The student's review of a course, under `queryKeys.user.review(courseId)`. */
export const myReviewQuery = (courseId: string) =>
  queryOptions({ queryKey: queryKeys.user.review(courseId), queryFn: () => fetchMyReview(courseId) });

/** `PUT /api/user/reviews/:courseId` `{ rating, text }`: writes (or rewrites) the review; answers the saved one and the server's message. */
export async function saveMyReview(courseId: string, input: ReviewInput) {
  const res = await apiRequest<{ review: MyReview }>(myReviewPath(courseId), { method: 'PUT', body: input });
  return { review: res.review, message: res.message };
}

/** `DELETE /api/user/reviews/:courseId`: removes the review, and the rating with it; answers the server's message. */
export async function deleteMyReview(courseId: string) {
  const res = await apiRequest(myReviewPath(courseId), { method: 'DELETE' });
  return res.message;
}
