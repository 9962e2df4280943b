/** An ISO time as a local date ('3/15/2025' in en-US); a missing or unreadable time counts as now. */
export function localDate(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : new Date();
  return (Number.isNaN(date.getTime()) ? new Date() : date).toLocaleDateString();
}
