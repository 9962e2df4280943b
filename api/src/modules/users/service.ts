import type { Role, UserProfile } from '@courseport/contracts';
import type { AuthContext } from '../../auth/verify.js';
import type { Clock } from '../../clock.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { type PreparedJson, prepareJson } from '../../http/etag.js';
import { cleanName } from '../../http/plain-text.js';
import { ConflictError, type Store } from '../../store/index.js';
import { versionedCache } from '../../store/versioned-cache.js';
import type { AdminEmailsService } from '../admin-emails/index.js';
import type { StoredRole, UserDoc, UsersRepository } from './repository.js';

export const USER_NOT_FOUND = 'User not found';

export function usersService(
  repo: UsersRepository,
  adminEmails: AdminEmailsService,
  clock: Clock,
  placeholderImage: string,
) {
  async function profile(user: UserDoc, auth: AuthContext, isAdmin?: boolean): Promise<UserProfile> {
    const roles: Role[] = [...user.roles];
    if (isAdmin ?? (await adminEmails.isAdmin(auth))) roles.push('admin');
    return {
      _id: user._id,
      email: user.email,
      name: user.name,
      imageUrl: user.imageUrl,
      roles,
      enrolledCourses: user.enrolledCourses,
    };
  }

  async function existing(userId: string): Promise<UserDoc> {
    const user = await repo.findOne({ _id: userId });
    if (!user) throw notFound(USER_NOT_FOUND);
    return user;
  }

  return {
    existing,

    /** The profile and the admin check are read at once (two independent reads, one round trip's wait). */
    async get(auth: AuthContext): Promise<UserProfile> {
      const [user, isAdmin] = await Promise.all([existing(auth.userId), adminEmails.isAdmin(auth)]);
      return profile(user, auth, isAdmin);
    },

    /** Identity and e-mail come from the token; a user may only give themself the student role. */
    async create(
      auth: AuthContext,
      input: { name?: string | undefined; imageUrl?: string | undefined; roles?: Role[] | undefined },
    ) {
      const now = clock.now();
      const user: UserDoc = {
        _id: auth.userId,
        email: auth.email ?? `${auth.userId}@users.courseport.invalid`,
        // The token's name too (Clerk's, or an account's from before names were cleaned, #30).
        name: input.name || cleanName(auth.name ?? '') || 'User',
        imageUrl: input.imageUrl || placeholderImage,
        roles: ['student'],
        enrolledCourses: [],
        createdAt: now,
        updatedAt: now,
      };
      try {
        await repo.insertOne(user);
      } catch (error) {
        if (error instanceof ConflictError) throw conflict('Your profile already exists');
        throw error;
      }
      return profile(user, auth);
    },

    async updateRoles(auth: AuthContext, action: 'add' | 'remove', role: Role) {
      if (role === 'admin') throw forbidden('Admin access is managed through the admin email allow-list');
      if (action === 'add' && role === 'educator') {
        throw forbidden('Becoming an educator needs admin approval: send an educator request instead');
      }
      const update = action === 'add' ? { $addToSet: { roles: role } } : { $pull: { roles: role } };
      const user = await repo.findOneAndUpdate({ _id: auth.userId }, { ...update, $set: { updatedAt: clock.now() } });
      if (!user) throw notFound(USER_NOT_FOUND);
      return profile(user, auth);
    },

    hasRole(user: UserDoc, role: StoredRole): boolean {
      return user.roles.includes(role);
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;

/** How long user data may be kept on MongoDB, where another API process may have changed it. */
export const SHARED_STORE_USER_DATA_MAX_AGE_MS = 1_000;

/**
 * The body of `GET /api/user/data`, kept per caller — the verified user id, e-mail and whether it
 * is verified, which decide the admin role — until the next write to the users or admin e-mail
 * collections: the session's polling then costs a map lookup. A missing profile (404) is never
 * kept. On the embedded store one process owns the data, so that is all. On MongoDB another API
 * process may enroll the user or change their roles, so a value is also kept at most a second and
 * never served past it: bursts of the same caller's reads (several tabs, a reconnect) reach the
 * database once, while a session polling every 10 s always reads fresh.
 */
export function cachedUserData(
  users: Pick<ReturnType<typeof usersService>, 'get'>,
  store: Pick<Store, 'kind' | 'writeVersion'>,
  { now = Date.now }: { now?: () => number } = {},
) {
  const fresh = async (auth: AuthContext) => prepareJson({ success: true, user: await users.get(auth) });
  const cache = versionedCache<string, PreparedJson>({
    version: () => store.writeVersion('users') + store.writeVersion('adminEmails'),
    maxAgeMs: store.kind === 'embedded' ? Number.POSITIVE_INFINITY : SHARED_STORE_USER_DATA_MAX_AGE_MS,
    serveExpired: false,
    maxEntries: 10_000,
    now,
  });
  return (auth: AuthContext) =>
    cache.get(`${auth.userId}\n${auth.email ?? ''}\n${auth.emailVerified ? 1 : 0}`, () => fresh(auth));
}

/** The spec's `enrolledCourses` list, kept in step by the enrollments module (both idempotent). */
export function enrolledCoursesList(repo: UsersRepository) {
  return {
    add: (userId: string, courseId: string) =>
      repo.updateOne({ _id: userId }, { $addToSet: { enrolledCourses: courseId } }),
    remove: (userId: string, courseId: string) =>
      repo.updateOne({ _id: userId }, { $pull: { enrolledCourses: courseId } }),
    /** Users whose list names the course. */
    holders: (courseId: string) => repo.find({ enrolledCourses: courseId }, { projection: { _id: 1 } }),
  };
}
export type EnrolledCoursesList = ReturnType<typeof enrolledCoursesList>;
