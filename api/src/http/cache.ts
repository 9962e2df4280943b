import type { Context } from 'koa';

/** The API's cache policies by name: every `Cache-Control` it sends is one of these. */
export const cache = {
  /** Stored nowhere: secrets, admin data, one-time answers. */
  none: 'no-store',
  /** The caller's own, stored nowhere. */
  privateNone: 'private, no-store',
  /** The caller's own, kept by their browser only and revalidated every time (an ETag answers 304). */
  private: 'private, no-cache',
  /** Anyone's (the catalog, course pages, categories), revalidated every time. */
  catalog: 'public, no-cache',
  /** Revalidated every time, by anyone who keeps it. */
  revalidate: 'no-cache',
  /** Never changes under its URL (stored images). */
  immutable: 'public, max-age=31536000, immutable',
  /** Anyone's, kept for `seconds` without asking. */
  briefly: (seconds: number) => `public, max-age=${seconds}`,
} as const;

/** Sets the response's `Cache-Control` to a named policy (`cache.none`, `cache.private`...). */
export function cacheFor(ctx: Pick<Context, 'set'>, policy: string): void {
  ctx.set('Cache-Control', policy);
}
