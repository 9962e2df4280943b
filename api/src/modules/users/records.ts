import { forbidden, notFound } from '../../http/errors.js';
import type { Projection, Store } from '../../store/index.js';
import { type StoredRole, type UserDoc, usersRepository } from './repository.js';

/**
 * What other modules may read and write of a user, by name: the users collection itself stays
 * private to this module. Every filter on it is written here.
 */
export function userRecords(store: Store) {
  const users = usersRepository(store);
  const some = (projection?: Projection) => (projection ? { projection } : undefined);

  return {
    /** The user (only the projected fields, when given), or null. */
    byId: (userId: string, projection?: Projection) => users.findOne({ _id: userId }, some(projection)),

    /** The users of these ids that exist. */
    byIds: (ids: readonly string[], projection?: Projection) =>
      users.find({ _id: { $in: [...new Set(ids)] } }, some(projection)),

    /**
     * #36: educators in id order, at most `limit` after the id `after` (an admin's bounded page,
     * walked on the `_id` index): their ids and names.
     */
    educatorsAfter: (after: string | undefined, limit: number) =>
      users.find(
        { roles: 'educator', ...(after ? { _id: { $gt: after } } : {}) },
        { sort: { _id: 1 }, limit, projection: { name: 1 } },
      ),

    /** Whether the user exists and has the role. */
    async hasRole(userId: string, role: StoredRole): Promise<boolean> {
      const user = await users.findOne({ _id: userId }, { projection: { roles: 1 } });
      return user?.roles.includes(role) ?? false;
    },

    /** The educator's id and name: 404 for no such user, 403 for one who is not an educator. */
    async assertEducator(userId: string): Promise<{ _id: string; name: string }> {
      const user = await users.findOne({ _id: userId }, { projection: { name: 1, roles: 1 } });
      if (!user) throw notFound('User not found');
      if (!user.roles.includes('educator')) throw forbidden('Educator access required');
      return { _id: user._id, name: user.name };
    },

    /** Gives the user the role (idempotent). */
    grantRole: (userId: string, role: StoredRole, at: Date) =>
      users.updateOne({ _id: userId }, { $addToSet: { roles: role }, $set: { updatedAt: at } }),

    insert: (user: UserDoc) => users.insertOne(user),
    insertMany: (list: UserDoc[]) => users.insertMany(list),

    /** Whether there is no user at all (a first start). */
    async none(): Promise<boolean> {
      return (await users.countDocuments({})) === 0;
    },
  };
}
export type UserRecords = ReturnType<typeof userRecords>;
