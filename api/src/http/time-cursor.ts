import type { Filter } from '../store/index.js';
import { ID_PATTERN } from '../store/index.js';

/**
 * Cursors of lists sorted newest first by `createdAt`, then `_id` (#35: notifications,
 * announcements): the last item's time and id, base64url. Opaque to clients; a cursor that does
 * not decode is a 400 by the schema that reads it (`parseTimeCursor` → null).
 */
export const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

export function timeCursor(item: { createdAt: Date; _id: string }): string {
  return Buffer.from(`${new Date(item.createdAt).getTime()}.${item._id}`).toString('base64url');
}

export function parseTimeCursor(cursor: string): { createdAt: Date; _id: string } | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return null;
  const [ms = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  if (!/^\d{1,15}$/.test(ms) || !ID_PATTERN.test(id)) return null;
  return { createdAt: new Date(Number(ms)), _id: id };
}

/** The filter for the items after the cursor, in NEWEST_FIRST order. */
export const afterCursor = (cursor: { createdAt: Date; _id: string } | undefined): Filter =>
  cursor
    ? { $or: [{ createdAt: { $lt: cursor.createdAt } }, { createdAt: cursor.createdAt, _id: { $lt: cursor._id } }] }
    : {};

/** One page of `limit` from `limit + 1` items read: the page and the next cursor (null at the end). */
export function pageOf<T extends { createdAt: Date; _id: string }>(items: T[], limit: number) {
  const page = items.slice(0, limit);
  const last = page[page.length - 1];
  return { page, nextCursor: items.length > limit && last ? timeCursor(last) : null };
}
