import { api, type CourseReviewsPage, infiniteQueryOptions, queryKeys } from '@courseport/shared-ui';

/** The path of one page of a course's written reviews (pages count from 1). */
export const reviewsPath = (courseId: string, page: number) =>
  `/api/course/${encodeURIComponent(courseId)}/reviews?page=${page}`;

/** `GET /api/course/:id/reviews?page=N` (public): one page of reviews, newest first, and the breakdown. */
export async function fetchCourseReviewsPage(courseId: string, page: number): Promise<CourseReviewsPage> {
  const res = await api.get<{ reviews: CourseReviewsPage }>(reviewsPath(courseId, page));
  return res.reviews;
}

/** The next page to ask for, or undefined once every written review is shown. */
export const nextReviewsPage = (last: CourseReviewsPage) =>
  last.page * last.pageSize < last.total && last.reviews.length > 0 ? last.page + 1 : undefined;

/** A course's reviews, page by page ("Show more reviews"), under `queryKeys.course.reviews(id)`. */
export const courseReviewsQuery = (courseId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.course.reviews(courseId),
    queryFn: ({ pageParam }) => fetchCourseReviewsPage(courseId, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextReviewsPage,
  });
