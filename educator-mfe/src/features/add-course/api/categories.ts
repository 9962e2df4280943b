import { api, type Category, queryKeys, queryOptions } from '@courseport/shared-ui';

export const CATEGORIES_PATH = '/api/categories';

/** `GET /api/categories` → the admin-managed categories, by name. */
async function fetchCategories(): Promise<Category[]> {
  const res = await api.get<{ categories: Category[] }>(CATEGORIES_PATH);
  return Array.isArray(res.categories) ? res.categories : [];
}

export const categoriesQuery = () => queryOptions({ queryKey: queryKeys.categories.all, queryFn: fetchCategories });
