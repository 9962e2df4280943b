import type { AuthContext } from '../../auth/verify.js';
import type { Clock } from '../../clock.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import type { Store } from '../../store/index.js';
import { ConflictError, newId } from '../../store/index.js';
import { type AdminEmailDoc, type AdminEmailsRepository, adminEmailsRepository } from './repository.js';

export const CANNOT_REMOVE_OWN_EMAIL =
  'You cannot remove your own email. Ask another admin to remove it if you no longer need access.';

const toPublic = ({ _id, email, addedBy, addedAt }: AdminEmailDoc) => ({ _id, email, addedBy, addedAt });

/** The allow-list of e-mails that may use the admin dashboard; admin = a verified e-mail on it. */
export function adminEmailsService(repo: AdminEmailsRepository, clock: Clock) {
  return {
    async isAdmin(auth: AuthContext): Promise<boolean> {
      if (!auth.email || !auth.emailVerified) return false;
      // A lookup by the unique e-mail, not a count: on MongoDB a count is an aggregation.
      return (await repo.findOne({ email: auth.email }, { projection: { _id: 1 } })) !== null;
    },

    async assertAdmin(auth: AuthContext): Promise<void> {
      if (!(await this.isAdmin(auth))) throw forbidden('Admin access required');
    },

    async list() {
      return (await repo.find({}, { sort: { addedAt: 1 } })).map(toPublic);
    },

    async add(email: string, addedBy: string | null) {
      const doc: AdminEmailDoc = {
        _id: newId(),
        email,
        addedBy: addedBy ? { name: addedBy } : null,
        addedAt: clock.now(),
      };
      try {
        await repo.insertOne(doc);
      } catch (error) {
        if (error instanceof ConflictError) throw conflict('This email is already in the allowed list');
        throw error;
      }
      return toPublic(doc);
    },

    /** Removes an entry; never the remover's own (an admin cannot lock themself out by a slip). */
    async remove(emailId: string, removedBy: AuthContext): Promise<void> {
      const entry = await repo.findOne({ _id: emailId });
      if (!entry) throw notFound('Email not found');
      if ((await repo.countDocuments({})) <= 1) throw conflict('Cannot remove the last admin email');
      if (entry.email === removedBy.email) throw conflict(CANNOT_REMOVE_OWN_EMAIL);
      await repo.deleteOne({ _id: emailId });
      // Two admins removing the last two entries at once: put this one back.
      if ((await repo.countDocuments({})) === 0) {
        await repo.insertOne(entry).catch(() => {});
        throw conflict('Cannot remove the last admin email');
      }
    },

    /** ADMIN_EMAILS at start: added when missing, never duplicated. */
    async seed(emails: readonly string[]): Promise<void> {
      for (const email of emails) {
        await repo
          .insertOne({ _id: newId(), email, addedBy: { name: 'System' }, addedAt: clock.now() })
          .catch((error: unknown) => {
            if (!(error instanceof ConflictError)) throw error;
          });
      }
    },
  };
}
export type AdminEmailsService = ReturnType<typeof adminEmailsService>;

/** The service over the store's `adminEmails` collection (which only this module opens). */
export const adminEmailsOf = (store: Store, clock: Clock) => adminEmailsService(adminEmailsRepository(store), clock);
