import { createHash, randomBytes } from 'node:crypto';
import type { LocalIssuer } from '../../auth/local-issuer.js';
import type { RevokedSessions } from '../../auth/revocations.js';
import type { Clock } from '../../clock.js';
import { conflict, HttpError, unauthorized } from '../../http/errors.js';
import { ConflictError, newId } from '../../store/index.js';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './passwords.js';
import type { AccountDoc, AuthRepository } from './repository.js';

export const SESSION_DAYS = 30;
const INVALID_CREDENTIALS = 'Invalid email or password';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const secret = () => randomBytes(32).toString('base64url');

export interface IssuedSession {
  /** Value of the httpOnly session cookie: `<session id>.<secret>`. */
  cookie: string;
  token: string;
  expiresAt: Date;
  user: { id: string; email: string; emailVerified: boolean; fullName: string; imageUrl: string };
}

export interface LocalAuthOptions {
  repo: AuthRepository;
  issuer: LocalIssuer;
  revoked: RevokedSessions;
  clock: Clock;
  /** The `azp` of issued tokens: the shell's origin. */
  authorizedParty: string;
  /** Builds the link that confirms an e-mail address. */
  verifyLink: (token: string) => string;
  placeholderImage: string;
}

/** Local accounts: the default, Clerk-compatible issuer (DESIGN §5). */
export function localAuthService(options: LocalAuthOptions) {
  const { repo, issuer, revoked, clock } = options;

  function tokenFor(account: AccountDoc, sessionId: string) {
    const { token, expiresAt } = issuer.sign(
      {
        sub: account._id,
        sid: sessionId,
        azp: options.authorizedParty,
        email: account.email,
        email_verified: account.emailVerified,
        name: account.name,
      },
      clock.now(),
    );
    return {
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
    const sessionId = `sess_${newId()}`;
    const value = secret();
    const now = clock.now();
    await repo.sessions.insertOne({
      _id: sessionId,
      accountId: account._id,
      secretHash: sha256(value),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000),
    });
    return { cookie: `${sessionId}.${value}`, ...tokenFor(account, sessionId) };
  }

  async function sessionFromCookie(cookie: string | undefined) {
    const [sessionId, value] = (cookie ?? '').split('.');
    if (!sessionId || !value) return null;
    const session = await repo.sessions.findOne({ _id: sessionId });
    if (!session || session.revokedAt || session.expiresAt <= clock.now()) return null;
    if (session.secretHash !== sha256(value)) return null;
    return session;
  }

  async function writeVerificationMail(account: AccountDoc): Promise<void> {
    const token = secret();
    await repo.accounts.updateOne({ _id: account._id }, { $set: { verifyTokenHash: sha256(token) } });
    const link = options.verifyLink(token);
    await repo.outbox.insertOne({
      _id: newId(),
      to: account.email,
      subject: 'Confirm your Courseport e-mail address',
      text: `Hi ${account.name}, confirm your e-mail address by opening ${link}`,
      link,
      createdAt: clock.now(),
    });
  }

  return {
    /** Creates an account (verified only when created by the seed or the CLI). */
    async createAccount(input: { name: string; email: string; password: string; emailVerified: boolean }) {
      const account: AccountDoc = {
        _id: `user_${newId()}`,
        email: input.email,
        name: input.name,
        passwordHash: await hashPassword(input.password),
        emailVerified: input.emailVerified,
        createdAt: clock.now(),
      };
      try {
        await repo.accounts.insertOne(account);
      } catch (error) {
        if (error instanceof ConflictError) throw conflict('An account with this email already exists');
        throw error;
      }
      return account;
    },

    async signUp(input: { name: string; email: string; password: string }): Promise<IssuedSession> {
      const account = await this.createAccount({ ...input, emailVerified: false });
      await writeVerificationMail(account);
      return startSession(account);
    },

    async signIn(input: { email: string; password: string }): Promise<IssuedSession> {
      const account = await repo.accounts.findOne({ email: input.email });
      const ok = await verifyPassword(input.password, account?.passwordHash ?? (await DUMMY_HASH_PROMISE));
      if (!account || !ok) throw unauthorized(INVALID_CREDENTIALS);
      return startSession(account);
    },

    /** A fresh session token for the session cookie, or a 401 when it is unknown, expired or revoked. */
    async refresh(cookie: string | undefined) {
      const session = await sessionFromCookie(cookie);
      const account = session && (await repo.accounts.findOne({ _id: session.accountId }));
      if (!session || !account) throw unauthorized('You are signed out');
      return tokenFor(account, session._id);
    },

    async signOut(cookie: string | undefined): Promise<void> {
      const session = await sessionFromCookie(cookie);
      if (!session) return;
      await repo.sessions.updateOne({ _id: session._id }, { $set: { revokedAt: clock.now() } });
      revoked.revoke(session._id, clock.now().getTime());
    },

    async verifyEmail(token: string): Promise<AccountDoc> {
      const account = await repo.accounts.findOneAndUpdate(
        { verifyTokenHash: sha256(token) },
        { $set: { emailVerified: true }, $unset: { verifyTokenHash: true } },
      );
      if (!account) throw new HttpError(400, 'This confirmation link is invalid or was already used');
      return account;
    },

    async resendVerification(accountId: string): Promise<void> {
      const account = await repo.accounts.findOne({ _id: accountId });
      if (account && !account.emailVerified) await writeVerificationMail(account);
    },

    async outbox(limit = 20) {
      return repo.outbox.find({}, { sort: { createdAt: -1 }, limit });
    },
  };
}
export type LocalAuthService = ReturnType<typeof localAuthService>;
