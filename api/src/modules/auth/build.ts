import { hkdfSync } from 'node:crypto';
import { PLACEHOLDER_AVATAR_PATH } from '../../auth/index.js';
import {
  createLocalIssuer,
  loadOrCreateSharedSigningKey,
  loadOrCreateSigningKey,
  type SecretDoc,
} from '../../auth/local-issuer.js';
import { RevokedSessions } from '../../auth/revocations.js';
import { createTokenVerifier, type TokenVerifier } from '../../auth/verify.js';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import { rateLimitsCollection } from '../../limits/index.js';
import type { Store } from '../../store/index.js';
import type { Mailer } from '../mail/index.js';
import { confirmEmailLink, resetPasswordLink } from './links.js';
import { authRepository } from './repository.js';
import { type LocalAuthService, localAuthService } from './service.js';
import { signInThrottle } from './sign-in-throttle.js';

export interface Auth {
  verifier: TokenVerifier;
  /** Local accounts; absent in Clerk mode. */
  local?: LocalAuthService;
  /**
   * The HMAC key of signed download links (#32): derived from the token-signing key (local mode) or
   * Clerk's secret key, so every API process on the same store or configuration shares it.
   */
  linkKey: Buffer;
  /** Stops reading the store for ended sessions. */
  close(): void;
}

/** How often every expired or long-ended session is deleted. */
export const SESSION_SWEEP_INTERVAL_MS = 60 * 60_000;

/** Clerk mode verifies Clerk's tokens; local mode issues its own and verifies them the same way. */
export async function buildAuth(
  config: Config,
  store: Store,
  clock: Clock,
  mailer: Mailer,
  signingKeyPem?: string,
): Promise<Auth> {
  const authorizedParties = [...new Set([new URL(config.publicAppUrl).origin, ...config.allowedOrigins])];
  if (config.auth.mode === 'clerk') {
    return {
      verifier: createTokenVerifier({ jwtKey: config.auth.jwtKey, authorizedParties }),
      linkKey: Buffer.from(hkdfSync('sha256', config.auth.secretKey, 'courseport', 'download-links', 32)),
      close: () => {},
    };
  }
  const keyPem =
    signingKeyPem ??
    (store.kind === 'mongodb'
      ? await loadOrCreateSharedSigningKey(store.collection<SecretDoc>('secrets'))
      : await loadOrCreateSigningKey(config.dataDir));
  const issuer = createLocalIssuer(keyPem, `${config.publicApiUrl}/api/auth`);
  // Device cookies are signed with a key derived from the signing key: shared by every API process.
  const deviceKey = Buffer.from(hkdfSync('sha256', keyPem, 'courseport', 'device-cookie', 32));
  const repo = authRepository(store);
  const revoked = new RevokedSessions(repo.sessions, () => clock.now().getTime());
  // A poll that fails (the store is down) is simply tried again; the API's own calls report the outage.
  await revoked.start(() => {});
  const verifier = revoked.guard(createTokenVerifier({ jwtKey: issuer.publicKeyPem, authorizedParties }), () =>
    clock.now().getTime(),
  );
  const local = localAuthService({
    repo,
    issuer,
    revoked,
    clock,
    mailer,
    throttle: signInThrottle(rateLimitsCollection(store)),
    authorizedParty: new URL(config.publicAppUrl).origin,
    verifyLink: (token) => confirmEmailLink(config.publicAppUrl, token),
    resetLink: (token) => resetPasswordLink(config.publicAppUrl, token),
    placeholderImage: config.publicApiUrl + PLACEHOLDER_AVATAR_PATH,
    deviceKey,
  });
  // Expired and long-ended sessions are deleted as their accounts sign in, and everyone's every hour (#30).
  const sweep = () => void local.deleteEndedSessions().catch(() => {});
  const sweeper = setInterval(sweep, SESSION_SWEEP_INTERVAL_MS).unref();
  return {
    verifier,
    local,
    linkKey: Buffer.from(hkdfSync('sha256', keyPem, 'courseport', 'download-links', 32)),
    close: () => {
      clearInterval(sweeper);
      revoked.stop();
    },
  };
}

/** Whether no local account exists yet (a first start). */
export async function noAccounts(store: Store): Promise<boolean> {
  return (await authRepository(store).accounts.countDocuments({})) === 0;
}
