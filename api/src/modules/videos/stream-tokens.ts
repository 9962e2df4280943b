import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { forbidden } from '../../http/errors.js';
import { ID_PATTERN } from '../../store/index.js';

export const STREAM_LINK_EXPIRED = 'This video link has expired';
export const STREAM_LINK_INVALID = 'This video link is not valid';

/** A token's parts: base64url, a dot, base64url (contracts' STREAM_TOKEN_PATTERN); bounded before any work. */
const TOKEN = /^([A-Za-z0-9_-]{1,128})\.([A-Za-z0-9_-]{43})$/;
/** The signed text: the video's id and the expiry (unix ms). */
const PAYLOAD = /^([a-f0-9]{24}):(\d{13,16})$/;

export interface StreamGrant {
  token: string;
  videoId: string;
  /** Unix ms. */
  expires: number;
}

/**
 * Signed stream tokens (#33): `<base64url "videoId:expiry">.<base64url HMAC-SHA256>`, keyed by the
 * key every API process shares for signed links (`Auth.linkKey`, as resources' download links), with
 * its own purpose prefix so a download link's signature never passes for a stream's. The token sits
 * in the path (`/api/stream/<token>/master.m3u8`), so the playlists' relative URLs carry it along
 * without rewriting. Compared in constant time; valid for `ttlS` seconds.
 */
export function streamTokens(key: Buffer, clock: Clock, ttlS: number) {
  const mac = (payload: string) => createHmac('sha256', key).update(`video-stream:${payload}`).digest();

  return {
    ttlS,

    sign(videoId: string): StreamGrant {
      const expires = clock.now().getTime() + ttlS * 1000;
      const payload = `${videoId}:${expires}`;
      const token = `${Buffer.from(payload).toString('base64url')}.${mac(payload).toString('base64url')}`;
      return { token, videoId, expires };
    },

    /** The video and expiry a token grants; 403 when it was not signed here, or has expired. */
    verify(token: string): StreamGrant {
      const parts = TOKEN.exec(token);
      if (!parts) throw forbidden(STREAM_LINK_INVALID);
      const payload = Buffer.from(parts[1] as string, 'base64url').toString('utf8');
      const given = Buffer.from(parts[2] as string, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw forbidden(STREAM_LINK_INVALID);
      const fields = PAYLOAD.exec(payload);
      if (!fields || !ID_PATTERN.test(fields[1] as string)) throw forbidden(STREAM_LINK_INVALID);
      const expires = Number(fields[2]);
      if (expires <= clock.now().getTime()) throw forbidden(STREAM_LINK_EXPIRED);
      return { token, videoId: fields[1] as string, expires };
    },
  };
}
export type StreamTokens = ReturnType<typeof streamTokens>;
