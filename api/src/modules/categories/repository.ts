import type { Category } from '@courseport/contracts';
import type { Store } from '../../store/index.js';

/** An admin-managed course category (#21); `_id` is its slug, made from the name once and never changed. */
export interface CategoryDoc extends Pick<Category, 'name'> {
  _id: Category['slug'];
  createdAt: Date;
  updatedAt?: Date;
  [key: string]: unknown;
}

export const CATEGORY_INDEXES = [{ collection: 'categories', fields: ['name'] }] as const;

export const categoriesRepository = (store: Store) => store.collection<CategoryDoc>('categories');
export type CategoriesRepository = ReturnType<typeof categoriesRepository>;
