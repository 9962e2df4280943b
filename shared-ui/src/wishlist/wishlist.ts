/**
 * The signed-in user's wishlist (#21), shared by the storefront's hearts and the learner portal's
 * Wishlist page: its paths, and its query at `queryKeys.user.wishlist()` (dropped on sign-out).
 * Each portal runs the query through its own `api` (the one its tests answer).
 */
import { queryOptions } from '@tanstack/react-query';
import type { WishlistItem } from '../contracts/index';
import { queryKeys } from '../query/keys';

export const WISHLIST_PATH = '/api/user/wishlist';

/** `PUT` saves the course (idempotent), `DELETE` removes it. */
export const wishlistItemPath = (courseId: string) => `${WISHLIST_PATH}/${encodeURIComponent(courseId)}`;

/** `GET /api/user/wishlist` through a portal's client → the saved courses, newest saved first. */
export const wishlistQueryThrough = (client: { get<T extends object>(path: string): Promise<T> }) =>
  queryOptions({
    queryKey: queryKeys.user.wishlist(),
    queryFn: async (): Promise<WishlistItem[]> => {
      const res = await client.get<{ wishlist?: WishlistItem[] }>(WISHLIST_PATH);
      return Array.isArray(res.wishlist) ? res.wishlist : [];
    },
  });
