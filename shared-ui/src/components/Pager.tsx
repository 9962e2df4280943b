/** The page numbers shown around the current one (antd's `showLessItems`): 1 … 4 5 6 … 20. */
export function pageItems(page: number, pages: number): Array<number | 'gap'> {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const from = Math.max(2, Math.min(page - 1, pages - 4));
  const to = Math.min(pages - 1, Math.max(page + 1, 5));
  const middle = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return [1, ...(from > 2 ? ['gap' as const] : []), ...middle, ...(to < pages - 1 ? ['gap' as const] : []), pages];
}

/**
 * A paged list's page numbers in a `nav` named `label`, with antd's small Pagination look
 * (`.cp-pager`, global.css) and without antd, so the pages that page their lists load none (#34):
 * Previous, the numbers (the current one marked `aria-current`), Next. Nothing when everything
 * fits on one page.
 */
export function Pager({
  label,
  page,
  pageSize,
  total,
  onChange,
  className,
}: {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  className?: string;
}) {
  if (pageSize <= 0 || total <= pageSize) return null;
  const pages = Math.ceil(total / pageSize);
  const current = Math.min(Math.max(page, 1), pages);
  return (
    <nav aria-label={label} className={className ? `cp-pager ${className}` : 'cp-pager'}>
      <ul className="cp-pager-list">
        <li>
          <button
            type="button"
            className="cp-pager-item cp-pager-step"
            aria-label="Previous Page"
            disabled={current === 1}
            onClick={() => onChange(current - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
        </li>
        {pageItems(current, pages).map((item, i) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place.
            <li key={`gap-${i}`} className="cp-pager-gap" aria-hidden="true">
              •••
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={item === current ? 'cp-pager-item is-current' : 'cp-pager-item'}
                aria-label={`Page ${item}`}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => item !== current && onChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="cp-pager-item cp-pager-step"
            aria-label="Next Page"
            disabled={current === pages}
            onClick={() => onChange(current + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
