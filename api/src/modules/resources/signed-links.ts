import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ResourceLink } from '@courseport/contracts';
import type { Clock } from '../../clock.js';
import { forbidden } from '../../http/errors.js';

/** How long a download link works. */
export const LINK_TTL_MS = 5 * 60_000;
export const LINK_EXPIRED = 'This download link has expired. Please ask for a new one.';
export const LINK_INVALID = 'This download link is not valid';

export const downloadPath = (resourceId: string) => `/api/resources/${resourceId}/download`;

/**
 * Short-lived download links: `<api>/api/resources/<id>/download?e=<expiry, unix ms>&s=<HMAC-SHA256,
 * base64url>` over the id and the expiry, with a key every API process shares (`Auth.linkKey`).
 */
export function linkSigner(key: Buffer, clock: Clock, publicApiUrl: string) {
  const signature = (resourceId: string, expires: number) =>
    createHmac('sha256', key).update(`resource-download:${resourceId}:${expires}`).digest('base64url');

  return {
    sign(resourceId: string): ResourceLink {
      const expires = clock.now().getTime() + LINK_TTL_MS;
      const url = `${publicApiUrl}${downloadPath(resourceId)}?e=${expires}&s=${signature(resourceId, expires)}`;
      return { url, expiresAt: new Date(expires).toISOString() };
    },

    /** Passes for a link this API signed that has not expired; 403 otherwise (compared in constant time). */
    verify(resourceId: string, e: unknown, s: unknown): void {
      if (typeof e !== 'string' || typeof s !== 'string' || !/^\d{1,16}$/.test(e)) throw forbidden(LINK_INVALID);
      const expected = Buffer.from(signature(resourceId, Number(e)));
      const given = Buffer.from(s);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw forbidden(LINK_INVALID);
      if (Number(e) < clock.now().getTime()) throw forbidden(LINK_EXPIRED);
    },
  };
}
export type LinkSigner = ReturnType<typeof linkSigner>;
