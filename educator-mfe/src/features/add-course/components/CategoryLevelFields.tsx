import { COURSE_LEVELS, LEVEL_NAMES, useQuery } from '@courseport/shared-ui';
import { useId } from 'react';
import { categoriesQuery } from '../api/categories';
import type { CourseFieldsStore } from '../hooks/courseFields';
import { SelectField } from './FormFields';

export const NO_CATEGORY = 'No category';
export const LEVEL_NOT_SET = 'Not set';
export const CATEGORIES_FAILED = 'Could not load the categories';

/**
 * The course's category (from `GET /api/categories`, or none) and level (or not set): both
 * optional. A saved category stays chosen while the list loads (or if it fails to).
 */
export function CategoryLevelFields({
  store,
  savedCategory,
}: {
  store: CourseFieldsStore;
  savedCategory?: string | null;
}) {
  const id = useId();
  const categories = useQuery(categoriesQuery());
  const list = categories.data ?? [];
  const missing = savedCategory && !list.some((category) => category.slug === savedCategory);
  return (
    <div className="ed-add-row">
      <SelectField
        store={store}
        name="category"
        id={`${id}-category`}
        label="Category"
        help={categories.isError ? CATEGORIES_FAILED : undefined}
        aria-busy={categories.isPending || undefined}
      >
        <option value="">{NO_CATEGORY}</option>
        {missing && <option value={savedCategory}>{savedCategory}</option>}
        {list.map((category) => (
          <option key={category.slug} value={category.slug}>
            {category.name}
          </option>
        ))}
      </SelectField>
      <SelectField store={store} name="level" id={`${id}-level`} label="Level">
        <option value="">{LEVEL_NOT_SET}</option>
        {COURSE_LEVELS.map((level) => (
          <option key={level} value={level}>
            {LEVEL_NAMES[level]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
