import type { Store } from '../../store/index.js';

export interface AccountDoc {
  _id: string;
  email: string;
  name: string;
  passwordHash: string;
  emailVerified: boolean;
  verifyTokenHash?: string;
  verifyExpiresAt?: Date;
  resetTokenHash?: string;
  resetExpiresAt?: Date;
  createdAt: Date;
  [key: string]: unknown;
}

export interface SessionDoc {
  _id: string;
  accountId: string;
  /** sha256 of the cookie's current secret; it rotates on every refresh. */
  secretHash: string;
  /** The secret it replaced, accepted briefly from a racing tab; later, its use ends the session. */
  previousSecretHash?: string;
  rotatedAt?: Date;
  createdAt: Date;
  expiresAt: Date;
  revokedAt?: Date;
  revokedReason?: string;
  /** Which bulk revocation ended it (so that one read finds exactly those). */
  revokedBatch?: string;
  [key: string]: unknown;
}

export const AUTH_INDEXES = [
  { collection: 'accounts', fields: ['email'], unique: true },
  { collection: 'accounts', fields: ['verifyTokenHash'], unique: true, sparse: true },
  { collection: 'accounts', fields: ['resetTokenHash'], unique: true, sparse: true },
  { collection: 'sessions', fields: ['accountId'] },
  // Not sparse: NeDB's sparse indexes miss range queries on a field added by an update.
  { collection: 'sessions', fields: ['revokedAt'] },
  // Expired sessions are deleted by it (sign-in and the periodic sweep, #30).
  { collection: 'sessions', fields: ['expiresAt'] },
] as const;

export function authRepository(store: Store) {
  return {
    accounts: store.collection<AccountDoc>('accounts'),
    sessions: store.collection<SessionDoc>('sessions'),
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;
