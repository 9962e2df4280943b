import type { Role, UserProfile } from '@courseport/shared-ui/contracts';
import type { AuthContext } from '../../auth/verify.js';
import type { Clock } from '../../clock.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { ConflictError } from '../../store/index.js';
import type { AdminEmailsService } from '../admin-emails/service.js';
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
        name: input.name || auth.name || 'User',
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
