import { COURSE_LEVELS, LEVEL_NAMES, useQuery } from '@courseport/shared-ui';
import { Form } from '@courseport/shared-ui/antd/form';
import type { ChangeEvent, SelectHTMLAttributes } from 'react';
import { categoriesQuery } from '../api/categories';

export const NO_CATEGORY = 'No category';
export const LEVEL_NOT_SET = 'Not set';
export const CATEGORIES_FAILED = 'Could not load the categories';

/** A native select with the theme's input look, driven by its Form.Item (`value`, `onChange`). */
function NativeSelect({
  value,
  onChange,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  value?: string;
  onChange?: (value: string) => void;
}) {
  return (
    <select
      {...props}
      className="ed-native-select"
      value={value ?? ''}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange?.(event.target.value)}
    />
  );
}

/**
 * The course's category (from `GET /api/categories`, or none) and level (or not set): both
 * optional. A saved category stays chosen while the list loads (or if it fails to).
 */
export function CategoryLevelFields({ savedCategory }: { savedCategory?: string | null }) {
  const categories = useQuery(categoriesQuery());
  const list = categories.data ?? [];
  const missing = savedCategory && !list.some((category) => category.slug === savedCategory);
  return (
    <div className="ed-add-row">
      <Form.Item
        label="Category"
        name="category"
        help={categories.isError ? CATEGORIES_FAILED : undefined}
        validateStatus={categories.isError ? 'warning' : undefined}
      >
        <NativeSelect aria-busy={categories.isPending || undefined}>
          <option value="">{NO_CATEGORY}</option>
          {missing && <option value={savedCategory}>{savedCategory}</option>}
          {list.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.name}
            </option>
          ))}
        </NativeSelect>
      </Form.Item>
      <Form.Item label="Level" name="level">
        <NativeSelect>
          <option value="">{LEVEL_NOT_SET}</option>
          {COURSE_LEVELS.map((level) => (
            <option key={level} value={level}>
              {LEVEL_NAMES[level]}
            </option>
          ))}
        </NativeSelect>
      </Form.Item>
    </div>
  );
}
