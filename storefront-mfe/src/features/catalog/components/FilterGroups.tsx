import {
  type CatalogFacets,
  type Category,
  COURSE_LEVELS,
  DURATION_BUCKETS,
  LEVEL_NAMES,
  MIN_RATINGS,
  PRICE_FILTERS,
} from '@courseport/shared-ui';
import { type ReactNode, useId } from 'react';
import { type CatalogFilters, PRICE_NAMES, ratingName } from '../../../lib/catalog-params';

const toggle = <T,>(values: readonly T[], value: T): T[] =>
  values.includes(value) ? values.filter((v) => v !== value) : [...values, value];

/** A choice's label: its name and, when known, how many courses it would show. */
function OptionLabel({ name, count }: { name: string; count: number | undefined }) {
  return (
    <span className="sf-filter-option-text">
      {name}
      {count !== undefined && <span className="sf-filter-count"> ({count})</span>}
    </span>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="sf-filter-group">
      <legend className="sf-filter-legend">{legend}</legend>
      <div className="sf-filter-options">{children}</div>
    </fieldset>
  );
}

function Check({
  name,
  count,
  checked,
  onChange,
}: {
  name: string;
  count: number | undefined;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <label className="sf-filter-option">
      <input type="checkbox" checked={checked} onChange={onChange} />
      <OptionLabel name={name} count={count} />
    </label>
  );
}

function Radio({
  group,
  name,
  count,
  checked,
  onChange,
}: {
  group: string;
  name: string;
  count?: number;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <label className="sf-filter-option">
      <input type="radio" name={group} checked={checked} onChange={onChange} />
      <OptionLabel name={name} count={count} />
    </label>
  );
}

/**
 * The filter groups (Category, Level, Price, Rating, Duration), each a fieldset with its legend,
 * with the number of courses each choice would show (`facets`, when known). Every change is
 * `onChange` with the new filters.
 */
export function FilterGroups({
  filters,
  facets,
  categories,
  onChange,
}: {
  filters: CatalogFilters;
  facets: CatalogFacets | null;
  categories: readonly Category[];
  onChange: (next: CatalogFilters) => void;
}) {
  const id = useId();
  const countOf = <T,>(list: ReadonlyArray<{ value: T; count: number }> | undefined, value: T) =>
    list?.find((entry) => entry.value === value)?.count;

  // The facets' categories (with counts), else every category; a chosen one always stays listed.
  const categoryOptions: Array<{ slug: string; name: string; count?: number }> = facets
    ? [...facets.category]
    : categories.filter((c) => c.courseCount > 0).map(({ slug, name }) => ({ slug, name }));
  for (const slug of filters.category) {
    if (!categoryOptions.some((c) => c.slug === slug)) {
      const known = categories.find((c) => c.slug === slug);
      categoryOptions.push({ slug, name: known?.name ?? slug, ...(facets ? { count: 0 } : {}) });
    }
  }

  return (
    <div className="sf-filter-groups">
      {categoryOptions.length > 0 && (
        <Group legend="Category">
          {categoryOptions.map((category) => (
            <Check
              key={category.slug}
              name={category.name}
              count={category.count}
              checked={filters.category.includes(category.slug)}
              onChange={() => onChange({ ...filters, category: toggle(filters.category, category.slug) })}
            />
          ))}
        </Group>
      )}
      <Group legend="Level">
        {COURSE_LEVELS.map((level) => (
          <Check
            key={level}
            name={LEVEL_NAMES[level]}
            count={countOf(facets?.level, level)}
            checked={filters.level.includes(level)}
            onChange={() => onChange({ ...filters, level: toggle(filters.level, level) })}
          />
        ))}
      </Group>
      <Group legend="Price">
        <Radio
          group={`${id}-price`}
          name="Any price"
          checked={filters.price === null}
          onChange={() => onChange({ ...filters, price: null })}
        />
        {PRICE_FILTERS.map((price) => (
          <Radio
            key={price}
            group={`${id}-price`}
            name={PRICE_NAMES[price]}
            count={countOf(facets?.price, price)}
            checked={filters.price === price}
            onChange={() => onChange({ ...filters, price })}
          />
        ))}
      </Group>
      <Group legend="Rating">
        <Radio
          group={`${id}-rating`}
          name="Any rating"
          checked={filters.rating === null}
          onChange={() => onChange({ ...filters, rating: null })}
        />
        {MIN_RATINGS.map((rating) => (
          <Radio
            key={rating}
            group={`${id}-rating`}
            name={ratingName(rating)}
            count={countOf(facets?.rating, rating)}
            checked={filters.rating === rating}
            onChange={() => onChange({ ...filters, rating })}
          />
        ))}
      </Group>
      <Group legend="Duration">
        {DURATION_BUCKETS.map((bucket) => (
          <Check
            key={bucket.id}
            name={bucket.name}
            count={countOf(facets?.duration, bucket.id)}
            checked={filters.duration.includes(bucket.id)}
            onChange={() => onChange({ ...filters, duration: toggle(filters.duration, bucket.id) })}
          />
        ))}
      </Group>
    </div>
  );
}
