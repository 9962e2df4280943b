import type { Store } from '../../store/index.js';

export type MailKind =
  | 'verify-email'
  | 'sign-up-existing'
  | 'reset-password'
  | 'password-changed'
  | 'receipt'
  | 'price-drop'
  | 'project-review'
  // #35: a notification's mail (one event) and the digest of a burst.
  | 'notification'
  | 'notification-digest';

/**
 * Every outgoing mail, written before anyone is told it was sent. With SMTP it waits here until
 * delivered (`pending` → `sent`, retried with backoff, `failed` after the last try) and its text
 * is dropped once sent; without SMTP (demo mode) it stays as `outbox`, readable on loopback.
 */
export interface MailDoc {
  _id: string;
  kind: MailKind;
  to: string;
  subject: string;
  text?: string;
  /** The HTML alternative (#35), dropped with the text once sent. */
  html?: string;
  /** Extra headers (#35: `List-Unsubscribe`, `List-Unsubscribe-Post`), dropped once sent. */
  headers?: Record<string, string>;
  link?: string;
  status: 'outbox' | 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
  createdAt: Date;
  sentAt?: Date;
  lastError?: string;
  [key: string]: unknown;
}

export const MAIL_INDEXES = [{ collection: 'outbox', fields: ['status', 'nextAttemptAt'] }] as const;

export const mailRepository = (store: Store) => store.collection<MailDoc>('outbox');
export type MailRepository = ReturnType<typeof mailRepository>;
