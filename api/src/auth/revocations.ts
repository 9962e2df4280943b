import { unauthorized } from '../http/errors.js';
import type { Collection, Doc } from '../store/index.js';
import { SESSION_TOKEN_TTL_SECONDS } from './local-issuer.js';
import type { TokenVerifier } from './verify.js';

/** How often a process reads the sessions other processes (or its previous life) ended. */
export const REVOCATION_POLL_MS = 500;
const TOKEN_TTL_MS = SESSION_TOKEN_TTL_SECONDS * 1000;

type RevokedSession = Doc & { revokedAt?: Date };

/**
 * Sessions that ended (signed out, replaced password, reused cookie): their still-unexpired tokens
 * are refused at once rather than living out their few minutes. The store is the truth (each
 * session's `revokedAt`); this keeps the last token lifetime of them in memory, so the check on
 * every request reads no database. At start it loads them, so a restart forgets nothing, and it
 * polls for ones other API processes ended, so every replica refuses them within a second.
 */
export class RevokedSessions {
  private readonly until = new Map<string, number>();
  private seenUntil = 0;
  private poller: NodeJS.Timeout | undefined;

  constructor(
    private readonly sessions?: Collection<RevokedSession>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Entries past this size trigger the next sweep of lapsed ones (amortized: linear in all). */
  private sweepAt = 1024;

  revoke(sessionId: string, at: number): void {
    this.revokeMany([sessionId], at);
  }

  /**
   * Remembers sessions that ended at `at`. Lapsed entries are swept only once the map has doubled
   * since the last sweep, so ending n sessions costs O(n), not a scan of every other one each (#30).
   */
  revokeMany(sessionIds: readonly string[], at: number): void {
    const until = at + TOKEN_TTL_MS;
    for (const id of sessionIds) this.until.set(id, until);
    if (this.until.size < this.sweepAt) return;
    for (const [id, expiry] of this.until) if (expiry < at) this.until.delete(id);
    this.sweepAt = Math.max(1024, this.until.size * 2);
  }

  has(sessionId: string | undefined, now: number): boolean {
    if (!sessionId) return false;
    const expiry = this.until.get(sessionId);
    return expiry !== undefined && expiry >= now;
  }

  /** Reads sessions ended since the last read (at first: within the last token lifetime). */
  async refresh(): Promise<void> {
    if (!this.sessions) return;
    const now = this.now();
    // Overlap the previous read a little: a write that committed just behind it is still seen.
    const since = new Date(Math.max(this.seenUntil - 2 * REVOCATION_POLL_MS, now - TOKEN_TTL_MS));
    const ended = await this.sessions.find({ revokedAt: { $gte: since } }, { projection: { revokedAt: 1 } });
    for (const session of ended) {
      const at = session.revokedAt instanceof Date ? session.revokedAt.getTime() : now;
      if (!this.has(session._id, now)) this.until.set(session._id, at + TOKEN_TTL_MS);
    }
    this.revokeMany([], now);
    this.seenUntil = now;
  }

  /** Loads what is in the store (or, if it is down, as soon as it answers), then keeps reading it until `stop`. */
  async start(onError: (error: unknown) => void): Promise<void> {
    await this.refresh().catch(onError);
    this.poller = setInterval(() => void this.refresh().catch(onError), REVOCATION_POLL_MS);
    this.poller.unref();
  }

  stop(): void {
    clearInterval(this.poller);
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
