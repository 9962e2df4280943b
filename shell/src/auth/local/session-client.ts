import { apiRequest, type Identity, type SessionTokenResponse } from '@courseport/shared-ui';

/** Refresh this long before the token expires, so a request never leaves with a stale one. */
const REFRESH_MARGIN_MS = 30_000;

const toIdentity = ({ user }: SessionTokenResponse): Identity => ({
  id: user.id,
  email: user.email,
  fullName: user.fullName,
  imageUrl: user.imageUrl,
});

/**
 * The browser side of local accounts: a short-lived session token kept in memory, renewed from the
 * API's httpOnly session cookie (`/api/auth/refresh`), never stored where scripts could read it.
 */
export class LocalSessionClient {
  private token: string | null = null;
  private expiresAt = 0;
  private refreshing: Promise<Identity | null> | null = null;

  constructor(private readonly onSignedOut: () => void) {}

  private async call(path: string, body: object = {}): Promise<SessionTokenResponse> {
    const response = await apiRequest<SessionTokenResponse>(`/api/auth/${path}`, {
      method: 'POST',
      body,
      credentials: 'include',
      anonymous: true,
    });
    this.token = response.token;
    this.expiresAt = Date.parse(response.expiresAt);
    return response;
  }

  /** Resumes the session kept in the cookie; null when there is none. */
  restore(): Promise<Identity | null> {
    this.refreshing ??= this.call('refresh')
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
    return toIdentity(await this.call('sign-in', { email, password }));
  }

  async signUp(name: string, email: string, password: string): Promise<Identity> {
    return toIdentity(await this.call('sign-up', { name, email, password }));
  }

  async signOut(): Promise<void> {
    this.token = null;
    await apiRequest('/api/auth/sign-out', { method: 'POST', credentials: 'include', anonymous: true }).catch(() => {});
  }

  async getToken(): Promise<string | null> {
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
