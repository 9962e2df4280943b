import type { CatalogSort } from '@courseport/shared-ui';
import { useId } from 'react';
import { defaultSort, sortChoices } from '../../../lib/catalog-params';

/** 'Sort by': the catalog's orders ('Most relevant' only for a search, its default then). */
export function SortSelect({
  sort,
  searching,
  onChange,
}: {
  sort: CatalogSort | null;
  searching: boolean;
  onChange: (sort: CatalogSort) => void;
}) {
  const id = useId();
  return (
    <div className="sf-sort">
      <label htmlFor={id} className="sf-sort-label">
        Sort by
      </label>
      <select
        id={id}
        className="sf-sort-select"
        value={sort ?? defaultSort(searching)}
        onChange={(event) => onChange(event.target.value as CatalogSort)}
      >
        {sortChoices(searching).map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.name}
          </option>
        ))}
      </select>
    </div>
  );
}
