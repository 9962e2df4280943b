import type { Store } from '../../store/index.js';

export interface AdminEmailDoc {
  _id: string;
  email: string;
  addedBy: { name: string } | null;
  addedAt: Date;
  [key: string]: unknown;
}

export const ADMIN_EMAIL_INDEXES = [{ collection: 'adminEmails', fields: ['email'], unique: true }] as const;

export const adminEmailsRepository = (store: Store) => store.collection<AdminEmailDoc>('adminEmails');
export type AdminEmailsRepository = ReturnType<typeof adminEmailsRepository>;
