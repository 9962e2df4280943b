import { verifyToken } from '@clerk/backend';
import { unauthorized } from '../http/errors.js';

/** Who made the request, from a verified token only. */
export interface AuthContext {
  userId: string;
  sessionId: string | undefined;
  /** Present only when the token carries it; `emailVerified` says whether it may be trusted. */
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

export interface TokenVerifier {
  verify(token: string): Promise<AuthContext>;
}

/** How many verified tokens are remembered at most (the oldest are forgotten first). */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

/**
 * One verification path for both issuers: `@clerk/backend`'s networkless RS256
 * verification with the PEM key and the authorized parties. Local mode passes its own public key.
 *
 * A token that verified is remembered, by its exact text, until it expires: its signature, issuer
 * and parties cannot change, so checking them again on every request (importing the key and an RSA
 * verification, most of an authenticated request's time) proves nothing new. Failures are never
 * remembered. Revocation is checked outside, on every request (`RevokedSessions.guard`).
 * Entries are found by the end of the signature (hashing a whole token on every request costs more
 * than the rest of the lookup) and then compared whole, so only the exact same text ever matches.
 */
export function createTokenVerifier(
  options: { jwtKey: string; authorizedParties: string[] },
  { now = Date.now, maxEntries = VERIFIED_TOKEN_CACHE_SIZE }: { now?: () => number; maxEntries?: number } = {},
): TokenVerifier {
  const verified = new Map<string, { token: string; auth: AuthContext; expiresAt: number }>();

  function remember(token: string, auth: AuthContext, expiresAt: number) {
    const t = now();
    if (!(expiresAt > t)) return;
    if (verified.size >= maxEntries) {
      for (const [key, entry] of verified) if (entry.expiresAt <= t) verified.delete(key);
      // Still full: forget the oldest (a Map iterates in insertion order).
      for (const key of verified.keys()) {
        if (verified.size < maxEntries) break;
        verified.delete(key);
      }
    }
    verified.set(lookupKey(token), { token, auth, expiresAt });
  }

  return {
    async verify(token) {
      const key = lookupKey(token);
      const known = verified.get(key);
      if (known && known.token === token) {
        if (known.expiresAt > now()) return { ...known.auth };
        verified.delete(key);
      }
      const { auth, expiresAt } = await verifyOnce(token, options);
      remember(token, auth, expiresAt);
      return { ...auth };
    },
  };
}

/** The last characters of a JWT are its signature's: as good as random, so as good as the whole. */
const lookupKey = (token: string) => token.slice(-32);

async function verifyOnce(
  token: string,
  options: { jwtKey: string; authorizedParties: string[] },
): Promise<{ auth: AuthContext; expiresAt: number }> {
  let claims: Record<string, unknown>;
  try {
    // Resolves with the verified claims; rejects with a TokenVerificationError naming the reason.
    claims = (await verifyToken(token, {
      jwtKey: options.jwtKey,
      authorizedParties: options.authorizedParties,
    })) as Record<string, unknown>;
  } catch (error) {
    if ((error as { reason?: string }).reason === 'token-expired') {
      throw unauthorized('Your session has expired. Please sign in again.');
    }
    throw unauthorized('Invalid session token');
  }
  if (typeof claims.sub !== 'string') throw unauthorized('Invalid session token');
  const email = typeof claims.email === 'string' && claims.email ? claims.email.toLowerCase() : undefined;
  const auth: AuthContext = {
    userId: claims.sub,
    sessionId: typeof claims.sid === 'string' ? claims.sid : undefined,
    email,
    emailVerified: email !== undefined && (claims.email_verified === true || claims.email_verified === 'true'),
    name: typeof claims.name === 'string' ? claims.name : undefined,
  };
  // `exp` is required and checked by verifyToken; without a number, nothing is remembered.
  return { auth, expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : 0 };
}
