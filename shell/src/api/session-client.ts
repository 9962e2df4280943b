import { api, type Identity, type SessionTokenResponse } from '@courseport/shared-ui';

/** Refresh this long before the token expires, so a request never leaves with a stale one. */
const REFRESH_MARGIN_MS = 30_000;

const toIdentity = ({ user }: SessionTokenResponse): Identity => ({
  id: user.id,
  email: user.email,
  fullName: user.fullName,
  imageUrl: user.imageUrl,
});

/** Calls that obtain a session: no bearer token, and the session cookie may be set. */
const SESSION_CALL = { credentials: 'include', anonymous: true } as const;
/** Calls on behalf of the signed-in user: the bearer token and the session cookie. */
const ACCOUNT_CALL = { credentials: 'include' } as const;

/**
 * The browser side of local accounts: a short-lived session token kept in memory, renewed from the
 * API's httpOnly session cookie (`/api/auth/refresh`), never stored where scripts could read it.
 * Every call is a JSON POST (the API refuses any other body on `/api/auth/*`), `{}` when there is
 * nothing to send.
 */
export class LocalSessionClient {
  private token: string | null = null;
  private expiresAt = 0;
  private refreshing: Promise<Identity | null> | null = null;
  private early: Promise<Identity | null> | null = null;

  constructor(private onSignedOut: () => void = () => {}) {}

  /** What to do when a renewal finds the session ended (the auth bridge signs the page out). */
  whenSignedOut(handler: () => void): void {
    this.onSignedOut = handler;
  }

  /**
   * Starts restoring the session before the app renders (the shell's start-up, as soon as the page
   * knows the deployment uses local accounts), so the session, the profile and the page's data are
   * asked for in one wave; the auth bridge's `resume` takes it over.
   */
  start(): Promise<Identity | null> {
    this.early ??= this.restore();
    return this.early;
  }

  /** The session kept in the cookie: the restore `start` began, or a new one. */
  resume(): Promise<Identity | null> {
    const early = this.early;
    this.early = null;
    return early ?? this.restore();
  }

  /** A call answered with a session token: keeps the token and returns the answer. */
  private async session(path: string, body: object = {}) {
    const response = await api.post<SessionTokenResponse>(`/api/auth/${path}`, body, SESSION_CALL);
    this.token = response.token;
    this.expiresAt = Date.parse(response.expiresAt);
    return response;
  }

  /** Resumes the session kept in the cookie; null when there is none. */
  restore(): Promise<Identity | null> {
    this.refreshing ??= this.session('refresh')
      .then(toIdentity)
      .catch(() => {
        this.token = null;
        return null;
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  async signIn(email: string, password: string): Promise<Identity> {
    return toIdentity(await this.session('sign-in', { email, password }));
  }

  /**
   * Asks for an account: the API answers with a message and mails a confirmation link, which
   * signs the user in when opened. No session starts here.
   */
  async signUp(name: string, email: string, password: string): Promise<string> {
    const { message } = await api.post('/api/auth/sign-up', { name, email, password }, SESSION_CALL);
    return message ?? 'Check your inbox: we sent a link to confirm your email address.';
  }

  /** Mails a password-reset link (the same answer whether or not the account exists). */
  async forgotPassword(email: string): Promise<string> {
    const { message } = await api.post('/api/auth/forgot-password', { email }, SESSION_CALL);
    return message ?? 'If an account exists for that email, we sent a link to reset its password.';
  }

  /** Confirms the address of a confirmation link; signs in as that account. */
  async confirmEmail(token: string): Promise<{ identity: Identity; message: string }> {
    const response = await this.session('verify-email', { token });
    return { identity: toIdentity(response), message: response.message || 'Your email address is confirmed.' };
  }

  /** Sets a new password from a reset link; signs in as that account (every other session ends). */
  async resetPassword(token: string, password: string): Promise<{ identity: Identity; message: string }> {
    const response = await this.session('reset-password', { token, password });
    return { identity: toIdentity(response), message: response.message || 'Your password has been reset.' };
  }

  /** Changes the signed-in user's password; this session stays, the others are signed out. */
  async changePassword(currentPassword: string, newPassword: string): Promise<string> {
    const { message } = await api.post('/api/auth/change-password', { currentPassword, newPassword }, ACCOUNT_CALL);
    return message ?? 'Your password has been changed. Your other sessions were signed out.';
  }

  /** Ends every session of the account, this one included. */
  async signOutEverywhere(): Promise<string> {
    const { message } = await api.post('/api/auth/sign-out-everywhere', {}, ACCOUNT_CALL);
    this.token = null;
    return message ?? 'Signed out on every device.';
  }

  async signOut(): Promise<void> {
    this.token = null;
    await api.post('/api/auth/sign-out', {}, SESSION_CALL).catch(() => {});
  }

  async getToken(): Promise<string | null> {
    // A call made while the session is being restored (a page taken over from the server's
    // render asks before the auth bridge has run) waits for it rather than going out anonymous.
    if (!this.token && this.refreshing) await this.refreshing;
    if (!this.token) return null;
    if (this.expiresAt - Date.now() < REFRESH_MARGIN_MS) {
      const identity = await this.restore();
      if (!identity) {
        this.onSignedOut();
        return null;
      }
    }
    return this.token;
  }
}

/** The page's local-accounts session (one per page, like the session store it feeds). */
export const localSession = new LocalSessionClient();
