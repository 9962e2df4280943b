/**
 * Course categories (the `categories` collection), admin-managed. Below courses: what it needs of
 * courses (counts, "in use") comes through the `CourseCategoryCounts` port.
 */
export { CATEGORY_INDEXES } from './repository.js';
export { type CategoryServices, categoryRoutes } from './routes.js';
export { CATEGORY_SLUG } from './schemas.js';
export {
  CATEGORY_NOT_FOUND,
  type CategoriesService,
  type CourseCategoryCounts,
  categoriesService,
  DEFAULT_CATEGORIES,
  slugOf,
} from './service.js';
