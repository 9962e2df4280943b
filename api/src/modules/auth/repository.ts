import type { Store } from '../../store/index.js';

export interface AccountDoc {
  _id: string;
  email: string;
  name: string;
  passwordHash: string;
  emailVerified: boolean;
  verifyTokenHash?: string;
  createdAt: Date;
  [key: string]: unknown;
}

export interface SessionDoc {
  _id: string;
  accountId: string;
  secretHash: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt?: Date;
  [key: string]: unknown;
}

export interface OutboxDoc {
  _id: string;
  to: string;
  subject: string;
  text: string;
  link: string;
  createdAt: Date;
  [key: string]: unknown;
}

export const AUTH_INDEXES = [
  { collection: 'accounts', fields: ['email'], unique: true },
  { collection: 'accounts', fields: ['verifyTokenHash'], unique: true, sparse: true },
  { collection: 'sessions', fields: ['accountId'] },
] as const;

export function authRepository(store: Store) {
  return {
    accounts: store.collection<AccountDoc>('accounts'),
    sessions: store.collection<SessionDoc>('sessions'),
    outbox: store.collection<OutboxDoc>('outbox'),
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;
