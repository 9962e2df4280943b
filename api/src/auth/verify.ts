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

/**
 * One verification path for both issuers (DESIGN §5): `@clerk/backend`'s networkless RS256
 * verification with the PEM key and the authorized parties. Local mode passes its own public key.
 */
export function createTokenVerifier(options: { jwtKey: string; authorizedParties: string[] }): TokenVerifier {
  return {
    async verify(token) {
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
      return {
        userId: claims.sub,
        sessionId: typeof claims.sid === 'string' ? claims.sid : undefined,
        email,
        emailVerified: email !== undefined && (claims.email_verified === true || claims.email_verified === 'true'),
        name: typeof claims.name === 'string' ? claims.name : undefined,
      };
    },
  };
}
