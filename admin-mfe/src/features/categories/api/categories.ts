import { api, apiRequest, type Category, queryKeys, queryOptions } from '@courseport/shared-ui';

/** The categories: `GET /api/categories` (public), and the admin's add, rename and delete. */
export const CATEGORIES_PATH = '/api/categories';
export const ADMIN_CATEGORIES_PATH = '/api/admin/categories';
export const categoryPath = (slug: string) => `${ADMIN_CATEGORIES_PATH}/${encodeURIComponent(slug)}`;

async function fetchCategories(): Promise<Category[]> {
  const res = await api.get<{ categories?: Category[] }>(CATEGORIES_PATH);
  return Array.isArray(res.categories) ? res.categories : [];
}

export const categoriesQuery = () => queryOptions({ queryKey: queryKeys.categories.all, queryFn: fetchCategories });

/** `POST /api/admin/categories` `{ name }` (409 for a name in use). */
export const createCategory = (name: string) => api.post<{ category: Category }>(ADMIN_CATEGORIES_PATH, { name });

/** `PATCH /api/admin/categories/:slug` `{ name }`. */
export const renameCategory = ({ slug, name }: { slug: string; name: string }) =>
  apiRequest(categoryPath(slug), { method: 'PATCH', body: { name } });

/** `DELETE /api/admin/categories/:slug` (409 while a course is in it). */
export const deleteCategory = (slug: string) => apiRequest(categoryPath(slug), { method: 'DELETE' });
