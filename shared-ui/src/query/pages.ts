/**
 * The rows of the pages an infinite query loaded, as one list. Rows are newest first, so a row
 * added meanwhile shifts the later pages by one and a row already shown comes again at the top of
 * the next page: each `_id` is kept once, where it was first shown.
 */
export function mergePages<T extends { _id: string }>(pages: Iterable<readonly T[]>): T[] {
  const seen = new Set<string>();
  const list: T[] = [];
  for (const rows of pages) {
    for (const row of rows) {
      if (seen.has(row._id)) continue;
      seen.add(row._id);
      list.push(row);
    }
  }
  return list;
}

/** One page of reviews as the API answers it (`CourseReviewsPage`, `EducatorReviewsPage`…). */
export interface ReviewsPageOf<T> {
  reviews: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One page of reviews from the API's `reviews`, with what an older or partial answer leaves out
 * filled in (no reviews, the total as the reviews given, the page asked for).
 */
export function reviewsPageOf<T>(answer: Partial<ReviewsPageOf<T>> | undefined, page: number): ReviewsPageOf<T> {
  const reviews = Array.isArray(answer?.reviews) ? answer.reviews : [];
  return {
    reviews,
    total: typeof answer?.total === 'number' ? answer.total : reviews.length,
    page: typeof answer?.page === 'number' ? answer.page : page,
    pageSize: typeof answer?.pageSize === 'number' ? answer.pageSize : reviews.length,
  };
}
