/**
 * The signed-in user's wishlist (#21), shared by the storefront's hearts and the learner portal's
 * Wishlist page: its paths here, its cache entry at `queryKeys.user.wishlist()` (dropped on sign-out).
 * Each portal calls them through its own `api` (the one its tests answer).
 */
export const WISHLIST_PATH = '/api/user/wishlist';

/** `PUT` saves the course (idempotent), `DELETE` removes it. */
export const wishlistItemPath = (courseId: string) => `${WISHLIST_PATH}/${encodeURIComponent(courseId)}`;
