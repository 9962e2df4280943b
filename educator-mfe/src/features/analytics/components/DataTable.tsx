/** A column of a data table: its heading and whether it holds numbers (right-aligned). */
export interface Column {
  label: string;
  numeric?: boolean;
}

/** A plain table of what a chart or a section shows, in its own keyboard-reachable scroll box. */
export function DataTable({
  caption,
  columns,
  rows,
  id,
}: {
  caption: string;
  columns: Column[];
  rows: Array<{ key: string; cells: string[] }>;
  id?: string;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box the keyboard must reach (WCAG 2.1.1).
    <section id={id} className="cp-table-scroll ed-table-wrap ed-an-table" tabIndex={0} aria-label={caption}>
      <table className="cp-table ed-table">
        <caption className="cp-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? 'ed-num' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="ed-row">
              {row.cells.map((cell, i) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are its columns, in order.
                  key={i}
                  className={columns[i]?.numeric ? 'ed-num cp-nowrap' : undefined}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
