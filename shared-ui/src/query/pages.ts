/**
 * The rows of the pages an infinite query loaded, as one list. Rows are newest first, so a row
 * added meanwhile shifts the later pages by one and a row already shown comes again at the top of
 * the next page: each `_id` is kept once, where it was first shown.
 */
export function mergePages<T extends { _id: string }>(pages: Iterable<readonly T[]>): T[] {
  const seen = new Set<string>();
  const list: T[] = [];
  for (const rows of pages) {
    for (const row of rows) {
      if (seen.has(row._id)) continue;
      seen.add(row._id);
      list.push(row);
    }
  }
  return list;
}
