/** What a table shows when it has no rows. */
export function TableEmpty({ title, text }: { title: string; text: string }) {
  return (
    <div className="ed-table-empty">
      <span className="ed-table-empty-title">{title}</span>
      <span className="ed-table-empty-text">{text}</span>
    </div>
  );
}
