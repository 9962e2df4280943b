import type { AdminEmail } from '@courseport/contracts';
import type { Store, Stored } from '../../store/index.js';

/** An allow-listed admin e-mail, as `GET /api/user/admin-emails` answers it (`AdminEmail`). */
export interface AdminEmailDoc extends Stored<AdminEmail, 'addedAt'> {
  [key: string]: unknown;
}

export const ADMIN_EMAIL_INDEXES = [{ collection: 'adminEmails', fields: ['email'], unique: true }] as const;

export const adminEmailsRepository = (store: Store) => store.collection<AdminEmailDoc>('adminEmails');
export type AdminEmailsRepository = ReturnType<typeof adminEmailsRepository>;
