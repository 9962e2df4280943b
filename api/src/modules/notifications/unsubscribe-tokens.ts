import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { isNotificationKind, type NotificationKind } from '@courseport/contracts/notifications';
import { ID_PATTERN } from '../../store/index.js';

/** What one unsubscribe link stops: one kind of mail, one course's announcements, or every notification mail (a digest's). */
export type UnsubscribeScope =
  | { type: 'kind'; kind: NotificationKind }
  | { type: 'course'; courseId: string }
  | { type: 'all' };

/** A user id as the auth issuers make them (local `user_<hex>`, Clerk's `user_<base62>`). */
const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

const scopeText = (scope: UnsubscribeScope) =>
  scope.type === 'kind' ? `k.${scope.kind}` : scope.type === 'course' ? `c.${scope.courseId}` : 'all';

function scopeOf(text: string): UnsubscribeScope | null {
  if (text === 'all') return { type: 'all' };
  const [type, value] = [text.slice(0, 2), text.slice(2)];
  if (type === 'k.' && isNotificationKind(value)) return { type: 'kind', kind: value };
  if (type === 'c.' && ID_PATTERN.test(value)) return { type: 'course', courseId: value };
  return null;
}

/**
 * One-click unsubscribe tokens (#35, RFC 8058): `<userId>~<scope>~<base64url HMAC-SHA256>`, the
 * HMAC over `unsubscribe:<userId>~<scope>` with a key derived (HKDF, its own label) from the key
 * every API replica shares for signed links (`Auth.linkKey`, itself derived from the token-signing
 * key or Clerk's secret key). They do not expire: a mail read a year later must still stop the
 * mails, and all a token can do is turn its owner's mail of that scope off. Compared in constant time.
 */
export function unsubscribeTokens(linkKey: Buffer) {
  const key = Buffer.from(hkdfSync('sha256', linkKey, 'courseport', 'unsubscribe-links', 32));
  const mac = (payload: string) => createHmac('sha256', key).update(`unsubscribe:${payload}`).digest();

  return {
    sign(userId: string, scope: UnsubscribeScope): string {
      const payload = `${userId}~${scopeText(scope)}`;
      return `${payload}~${mac(payload).toString('base64url')}`;
    },

    /** The user and scope a token names; 'malformed' when it is not a token's shape, 'forged' when its signature is wrong. */
    verify(token: string): { userId: string; scope: UnsubscribeScope } | 'malformed' | 'forged' {
      const parts = token.split('~');
      if (token.length > 200 || parts.length !== 3) return 'malformed';
      const [userId = '', scopePart = '', signature = ''] = parts;
      const scope = scopeOf(scopePart);
      if (!USER_ID.test(userId) || !scope || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return 'malformed';
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(`${userId}~${scopePart}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
      return { userId, scope };
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;
