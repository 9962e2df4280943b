import { unauthorized } from '../http/errors.js';
import { SESSION_TOKEN_TTL_SECONDS } from './local-issuer.js';
import type { TokenVerifier } from './verify.js';

/**
 * Sessions signed out in this process: their still-unexpired tokens are refused at once rather
 * than living out their few minutes. Entries are dropped once every token of theirs has expired.
 */
export class RevokedSessions {
  private readonly until = new Map<string, number>();

  revoke(sessionId: string, now: number): void {
    this.until.set(sessionId, now + SESSION_TOKEN_TTL_SECONDS * 1000);
    for (const [id, expiry] of this.until) if (expiry < now) this.until.delete(id);
  }

  has(sessionId: string | undefined, now: number): boolean {
    if (!sessionId) return false;
    const expiry = this.until.get(sessionId);
    return expiry !== undefined && expiry >= now;
  }

  guard(verifier: TokenVerifier, now: () => number): TokenVerifier {
    return {
      verify: async (token) => {
        const auth = await verifier.verify(token);
        if (this.has(auth.sessionId, now())) throw unauthorized('Your session has ended. Please sign in again.');
        return auth;
      },
    };
  }
}
