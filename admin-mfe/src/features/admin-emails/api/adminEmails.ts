import { type AdminEmail, api, queryKeys, queryOptions } from '@courseport/shared-ui';

/** The admin e-mail allow-list: `GET /api/user/admin-emails`, add and remove. */
export const EMAILS_PATH = '/api/user/admin-emails';
export const ADD_EMAIL_PATH = '/api/user/add-admin-email';
export const REMOVE_EMAIL_PATH = '/api/user/remove-admin-email';

export async function fetchAdminEmails(): Promise<AdminEmail[]> {
  const res = await api.get<{ adminEmails?: AdminEmail[] }>(EMAILS_PATH);
  return Array.isArray(res.adminEmails) ? res.adminEmails : [];
}

export const adminEmailsQuery = () => queryOptions({ queryKey: queryKeys.admin.emails(), queryFn: fetchAdminEmails });

export const addAdminEmail = (email: string) => api.post(ADD_EMAIL_PATH, { email });

/** Marks the removals in flight, so each row knows whether its own is running. */
export const REMOVE_EMAIL_MUTATION_KEY = [...queryKeys.admin.emails(), 'remove'] as const;

export const removeAdminEmail = (emailId: string) => api.post(REMOVE_EMAIL_PATH, { emailId });

/** The same address, whatever its case (the API stores them lower-cased). */
export const sameEmail = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
