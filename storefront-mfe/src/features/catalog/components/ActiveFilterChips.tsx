import type { ActiveFilter, CatalogFilters } from '../../../lib/catalog-params';

/** The chosen filters as removable chips, and 'Clear all'. Nothing when none is chosen. */
export function ActiveFilterChips({
  active,
  onChange,
  onClearAll,
}: {
  active: ActiveFilter[];
  onChange: (next: CatalogFilters) => void;
  onClearAll: () => void;
}) {
  if (active.length === 0) return null;
  return (
    <div className="sf-chip-row sf-active-filters">
      <span className="sf-chip-label" id="sf-active-filters-label">
        Filtered by
      </span>
      <ul className="sf-chip-list" aria-labelledby="sf-active-filters-label">
        {active.map((filter) => (
          <li key={filter.key} className="sf-chip">
            {filter.label}
            <button
              type="button"
              className="sf-chip-close"
              aria-label={`Remove filter ${filter.label}`}
              onClick={() => onChange(filter.without)}
            >
              <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
                <path d="M1 1l8 8M9 1l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="sf-text-button" onClick={onClearAll}>
        Clear all
      </button>
    </div>
  );
}
