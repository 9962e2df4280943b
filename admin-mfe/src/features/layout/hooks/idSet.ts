/** A copy of `ids` with `id` added (`on`) or removed; used for per-row busy flags. */
export function withId(ids: ReadonlySet<string>, id: string, on: boolean): ReadonlySet<string> {
  const next = new Set(ids);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}
