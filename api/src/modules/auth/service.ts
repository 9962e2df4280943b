import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type LocalIssuer, SESSION_TOKEN_TTL_SECONDS } from '../../auth/local-issuer.js';
import type { RevokedSessions } from '../../auth/revocations.js';
import type { Clock } from '../../clock.js';
import { badRequest, conflict, HttpError, unauthorized } from '../../http/errors.js';
import { cleanName } from '../../http/plain-text.js';
import { ConflictError, newId } from '../../store/index.js';
import type { Mailer } from '../mail/index.js';
import { mails } from '../mail/index.js';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './passwords.js';
import type { AccountDoc, AuthRepository, SessionDoc } from './repository.js';
import type { SignInThrottle, SignInTrust } from './sign-in-throttle.js';

export const SESSION_DAYS = 30;
export const RESET_LINK_MINUTES = 60;
/** Live sessions an account may have at once; a sign-in beyond them ends the oldest (#30). */
export const SESSIONS_PER_ACCOUNT = 30;
/**
 * An ended session is kept this long, so every API process (and one starting now) still reads its
 * end and refuses its last token; then it is deleted, like an expired one.
 */
export const ENDED_SESSION_RETENTION_MS = 2 * SESSION_TOKEN_TTL_SECONDS * 1000;
const VERIFY_LINK_DAYS = 3;
/** A refresh that raced another one (two tabs) may present the secret it replaced for this long. */
const ROTATION_GRACE_MS = 30_000;

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
export const INVALID_RESET_LINK = 'This reset link is invalid or has expired.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is incorrect.';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const secret = () => randomBytes(32).toString('base64url');

/** How long a browser's device cookie (see `signIn`) stays valid after its last successful sign-in. */
export const DEVICE_COOKIE_DAYS = 180;

export interface IssuedSession {
  /** New value of the httpOnly device cookie (`<account id>.<device id>.<HMAC>`), after a sign-in. */
  deviceCookie?: string;
  /** New value of the httpOnly session cookie (`<session id>.<secret>`), when it changes. */
  cookie?: string;
  /** When the session (and so its cookie) ends. */
  sessionExpiresAt: Date;
  token: string;
  expiresAt: Date;
  user: { id: string; email: string; emailVerified: boolean; fullName: string; imageUrl: string };
}

export interface LocalAuthOptions {
  repo: AuthRepository;
  issuer: LocalIssuer;
  revoked: RevokedSessions;
  clock: Clock;
  mailer: Mailer;
  throttle: SignInThrottle;
  /** The `azp` of issued tokens: the shell's origin. */
  authorizedParty: string;
  /** The link that confirms an e-mail address (and signs its owner in). */
  verifyLink: (token: string) => string;
  /** The app's page that sets a new password. */
  resetLink: (token: string) => string;
  placeholderImage: string;
  /** The HMAC key of device cookies (derived from the signing key, so every API process shares it). */
  deviceKey: Buffer;
}

/** Local accounts: the default, Clerk-compatible issuer. */
export function localAuthService(options: LocalAuthOptions) {
  const { repo, issuer, revoked, clock, mailer, throttle } = options;
  const now = () => clock.now();
  const later = (ms: number) => new Date(now().getTime() + ms);

  function tokenFor(account: AccountDoc, session: SessionDoc, cookie?: string): IssuedSession {
    const { token, expiresAt } = issuer.sign(
      {
        sub: account._id,
        sid: session._id,
        azp: options.authorizedParty,
        email: account.email,
        email_verified: account.emailVerified,
        name: account.name,
      },
      now(),
    );
    return {
      cookie,
      sessionExpiresAt: session.expiresAt,
      token,
      expiresAt,
      user: {
        id: account._id,
        email: account.email,
        emailVerified: account.emailVerified,
        fullName: account.name,
        imageUrl: options.placeholderImage,
      },
    };
  }

  async function startSession(account: AccountDoc): Promise<IssuedSession> {
    const value = secret();
    const session: SessionDoc = {
      _id: `sess_${newId()}`,
      accountId: account._id,
      secretHash: sha256(value),
      createdAt: now(),
      expiresAt: later(SESSION_DAYS * 86_400_000),
    };
    await repo.sessions.insertOne(session);
    await deleteEndedSessions({ accountId: account._id });
    await endOldestBeyondCap(account._id, session._id);
    return tokenFor(account, session, `${session._id}.${value}`);
  }

  /** Deletes expired sessions and those that ended long enough ago (each by an indexed field). */
  async function deleteEndedSessions(filter: Record<string, unknown> = {}): Promise<number> {
    const at = now();
    const expired = await repo.sessions.deleteMany({ ...filter, expiresAt: { $lte: at } });
    const ended = await repo.sessions.deleteMany({
      ...filter,
      revokedAt: { $lt: new Date(at.getTime() - ENDED_SESSION_RETENTION_MS) },
    });
    return expired + ended;
  }

  /** Ends the account's oldest live sessions beyond `SESSIONS_PER_ACCOUNT` (never the one just started). */
  async function endOldestBeyondCap(accountId: string, newest: string): Promise<void> {
    const [firstBeyond] = await repo.sessions.find(
      { accountId, revokedAt: { $exists: false } },
      { sort: { createdAt: -1 }, skip: SESSIONS_PER_ACCOUNT, limit: 1, projection: { createdAt: 1 } },
    );
    if (!firstBeyond) return;
    await revokeSessions(
      { accountId, _id: { $ne: newest }, createdAt: { $lte: firstBeyond.createdAt } },
      'too-many-sessions',
    );
  }

  const deviceSignature = (accountId: string, device: string) =>
    createHmac('sha256', options.deviceKey).update(`device:${accountId}.${device}`).digest('base64url');

  /** The device id of a device cookie signed for this account, else null (forged, or another account's). */
  function deviceOf(cookie: string | undefined, accountId: string): string | null {
    const [owner, device, signature, extra] = (cookie ?? '').split('.');
    if (!owner || !device || !signature || extra !== undefined || owner !== accountId) return null;
    const expected = Buffer.from(deviceSignature(owner, device));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? device : null;
  }

  function parseCookie(cookie: string | undefined) {
    const [sessionId, value, extra] = (cookie ?? '').split('.');
    return sessionId && value && extra === undefined ? { sessionId, value } : null;
  }

  async function liveSession(sessionId: string): Promise<SessionDoc | null> {
    const session = await repo.sessions.findOne({ _id: sessionId });
    return session && !session.revokedAt && session.expiresAt > now() ? session : null;
  }

  /**
   * Ends sessions in the store and refuses their unexpired tokens at once: one bulk update by the
   * filter (its indexed fields), marked with a batch id, then one read of the ids it ended. Ending
   * thousands is linear, never one write or one `$in` of every id (#30).
   */
  async function revokeSessions(filter: Record<string, unknown>, reason: string): Promise<void> {
    const at = now();
    const batch = newId();
    const { modified } = await repo.sessions.updateMany(
      { ...filter, revokedAt: { $exists: false } },
      { $set: { revokedAt: at, revokedReason: reason, revokedBatch: batch } },
    );
    if (modified === 0) return;
    const ended = await repo.sessions.find({ ...filter, revokedBatch: batch }, { projection: { _id: 1 } });
    revoked.revokeMany(
      ended.map((s) => s._id),
      at.getTime(),
    );
  }

  async function issueToken(
    token: string,
    field: 'verifyTokenHash' | 'resetTokenHash',
    accountId: string,
    ttlMs: number,
  ) {
    const expiresField = field === 'verifyTokenHash' ? 'verifyExpiresAt' : 'resetExpiresAt';
    await repo.accounts.updateOne(
      { _id: accountId },
      { $set: { [field]: sha256(token), [expiresField]: later(ttlMs) } },
    );
  }

  async function sendVerification(account: AccountDoc): Promise<void> {
    const token = secret();
    await issueToken(token, 'verifyTokenHash', account._id, VERIFY_LINK_DAYS * 86_400_000);
    await mailer.send(mails.verifyEmail(account.email, account.name, options.verifyLink(token)));
  }

  async function sendReset(account: AccountDoc): Promise<void> {
    const token = secret();
    await issueToken(token, 'resetTokenHash', account._id, RESET_LINK_MINUTES * 60_000);
    await mailer.send(mails.resetPassword(account.email, account.name, options.resetLink(token), RESET_LINK_MINUTES));
  }

  /** Inserts an account; a ConflictError when the e-mail has one already. */
  async function insertAccount(input: { name: string; email: string; password: string; emailVerified: boolean }) {
    // The sign-up's schema cleaned it already; the seed and the CLI come here directly (#30).
    const name = cleanName(input.name);
    if (!name) throw badRequest('A name is required');
    const account: AccountDoc = {
      _id: `user_${newId()}`,
      email: input.email,
      name,
      passwordHash: await hashPassword(input.password),
      emailVerified: input.emailVerified,
      createdAt: now(),
    };
    await repo.accounts.insertOne(account);
    return account;
  }

  return {
    /** Creates an account (verified: used by the seed and the CLI). */
    async createAccount(input: { name: string; email: string; password: string; emailVerified: boolean }) {
      try {
        return await insertAccount(input);
      } catch (error) {
        if (error instanceof ConflictError) throw conflict('An account with this email already exists');
        throw error;
      }
    },

    /**
     * Answers the same whether or not the e-mail has an account: a new account gets a confirmation
     * link (which signs it in), an existing one a note with a reset link. Nobody is signed in here.
     */
    async signUp(input: { name: string; email: string; password: string }): Promise<void> {
      const existing = await repo.accounts.findOne({ email: input.email });
      if (!existing) {
        try {
          await sendVerification(await insertAccount({ ...input, emailVerified: false }));
          return;
        } catch (error) {
          if (!(error instanceof ConflictError)) throw error;
        }
      } else {
        // The same work as creating one, so the answer's timing tells nothing either.
        await hashPassword(input.password);
      }
      const account = existing ?? (await repo.accounts.findOne({ email: input.email }));
      if (!account) return;
      const token = secret();
      await issueToken(token, 'resetTokenHash', account._id, RESET_LINK_MINUTES * 60_000);
      await mailer.send(mails.signUpExisting(account.email, account.name, options.resetLink(token)));
    },

    /**
     * Signs in with the password. A browser that signed in to this account before presents its
     * device cookie and is held only by its own failures; so is an address the account signed in
     * from (see `sign-in-throttle.ts`). Every success (re)issues the device cookie.
     */
    async signIn(
      input: { email: string; password: string },
      ip: string,
      deviceCookie?: string,
    ): Promise<IssuedSession> {
      const account = await repo.accounts.findOne({ email: input.email });
      const device = account ? deviceOf(deviceCookie, account._id) : null;
      const trust: SignInTrust = device
        ? { device }
        : account && (await throttle.trustsAddress(input.email, ip))
          ? { address: true }
          : null;
      await throttle.check(input.email, ip, trust);
      const ok = await verifyPassword(input.password, account?.passwordHash ?? (await DUMMY_HASH_PROMISE));
      if (!account || !ok) {
        await throttle.failed(input.email, ip, trust);
        throw unauthorized(INVALID_CREDENTIALS);
      }
      await throttle.succeeded(input.email, ip, trust);
      const session = await startSession(account);
      const id = device ?? secret().slice(0, 22);
      return { ...session, deviceCookie: `${account._id}.${id}.${deviceSignature(account._id, id)}` };
    },

    /**
     * A fresh session token for the session cookie, rotating the cookie's secret. A secret that was
     * already rotated away (beyond a short grace for racing tabs) is a stolen, replayed cookie: the
     * session ends for everyone holding it.
     */
    async refresh(cookie: string | undefined): Promise<IssuedSession> {
      const parsed = parseCookie(cookie);
      const session = parsed && (await liveSession(parsed.sessionId));
      const account = session && (await repo.accounts.findOne({ _id: session.accountId }));
      if (!parsed || !session || !account) throw unauthorized('You are signed out');

      const presented = sha256(parsed.value);
      if (presented === session.secretHash) {
        const value = secret();
        const rotated = await repo.sessions.findOneAndUpdate(
          { _id: session._id, secretHash: presented, revokedAt: { $exists: false } },
          { $set: { secretHash: sha256(value), previousSecretHash: presented, rotatedAt: now() } },
        );
        if (rotated) return tokenFor(account, rotated, `${session._id}.${value}`);
        // Another refresh rotated it a moment ago: read again and take the grace path below.
        const current = await liveSession(session._id);
        if (current && current.previousSecretHash === presented) return tokenFor(account, current);
        throw unauthorized('You are signed out');
      }
      const rotatedAt = session.rotatedAt?.getTime() ?? 0;
      if (presented === session.previousSecretHash && now().getTime() - rotatedAt <= ROTATION_GRACE_MS) {
        return tokenFor(account, session);
      }
      await revokeSessions({ _id: session._id }, 'refresh-token-reuse');
      throw unauthorized(SESSION_ENDED);
    },

    async signOut(cookie: string | undefined): Promise<void> {
      const parsed = parseCookie(cookie);
      const session = parsed && (await liveSession(parsed.sessionId));
      if (!session) return;
      const presented = sha256(parsed.value);
      if (presented !== session.secretHash && presented !== session.previousSecretHash) return;
      await revokeSessions({ _id: session._id }, 'signed-out');
    },

    /** Deletes every expired session, and those that ended long enough ago (run periodically). */
    deleteEndedSessions: () => deleteEndedSessions(),

    /** Ends every session of the account, the caller's included. */
    async signOutEverywhere(accountId: string): Promise<void> {
      await revokeSessions({ accountId }, 'signed-out-everywhere');
    },

    /** Needs the current password; every other session of the account ends. */
    async changePassword(
      accountId: string,
      currentSessionId: string | undefined,
      input: { currentPassword: string; newPassword: string },
    ): Promise<void> {
      const account = await repo.accounts.findOne({ _id: accountId });
      if (!account) throw unauthorized(SESSION_ENDED);
      if (!(await verifyPassword(input.currentPassword, account.passwordHash))) {
        throw new HttpError(400, WRONG_CURRENT_PASSWORD);
      }
      const passwordHash = await hashPassword(input.newPassword);
      await repo.accounts.updateOne({ _id: accountId }, { $set: { passwordHash }, $unset: { resetTokenHash: true } });
      await revokeSessions(
        currentSessionId ? { accountId, _id: { $ne: currentSessionId } } : { accountId },
        'password-changed',
      );
      await mailer.send(mails.passwordChanged(account.email, account.name));
    },

    /** Mails a single-use reset link if the e-mail has an account; says nothing either way. */
    async forgotPassword(email: string): Promise<void> {
      const account = await repo.accounts.findOne({ email });
      if (account) await sendReset(account);
    },

    /** Sets the new password from a reset link, ends every session, and signs in afresh. */
    async resetPassword(input: { token: string; password: string }): Promise<IssuedSession> {
      const tokenHash = sha256(input.token);
      const candidate = await repo.accounts.findOne({ resetTokenHash: tokenHash, resetExpiresAt: { $gt: now() } });
      if (!candidate) throw new HttpError(400, INVALID_RESET_LINK);
      const passwordHash = await hashPassword(input.password);
      // The link is spent by the one update that also sets the password: a second use finds nothing.
      const account = await repo.accounts.findOneAndUpdate(
        { _id: candidate._id, resetTokenHash: tokenHash, resetExpiresAt: { $gt: now() } },
        // Only the mailbox's owner could open the link, which confirms the address too.
        { $set: { passwordHash, emailVerified: true }, $unset: { resetTokenHash: true, resetExpiresAt: true } },
      );
      if (!account) throw new HttpError(400, INVALID_RESET_LINK);
      await revokeSessions({ accountId: account._id }, 'password-reset');
      return startSession(account);
    },

    /** Confirms the address behind a link and signs its owner in; null for an unknown, used or expired link. */
    async verifyEmail(token: string): Promise<IssuedSession | null> {
      const account = await repo.accounts.findOneAndUpdate(
        { verifyTokenHash: sha256(token), verifyExpiresAt: { $gt: now() } },
        { $set: { emailVerified: true }, $unset: { verifyTokenHash: true, verifyExpiresAt: true } },
      );
      return account && startSession(account);
    },

    async resendVerification(accountId: string): Promise<void> {
      const account = await repo.accounts.findOne({ _id: accountId });
      if (account && !account.emailVerified) await sendVerification(account);
    },
  };
}
export type LocalAuthService = ReturnType<typeof localAuthService>;
