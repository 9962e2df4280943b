/** Saved courses (the `wishlist` collection) and the price-drop mail. Calls courses, users and mail. */
export { WISHLIST_INDEXES } from './repository.js';
export { type WishlistServices, wishlistRoutes } from './routes.js';
export { type WishlistService, wishlistService } from './service.js';
