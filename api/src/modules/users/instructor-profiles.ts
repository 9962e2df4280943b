import type { EducatorProfile } from '@courseport/contracts';
import type { Clock } from '../../clock.js';
import { notFound } from '../../http/errors.js';
import type { UsersRepository } from './repository.js';

export const INSTRUCTOR_NOT_FOUND = 'Instructor not found';

/** What an educator says about themself on their instructor page: their name, photo and bio. */
export function instructorProfiles(repo: UsersRepository, clock: Clock) {
  const profileOf = (user: { _id: string; name: string; imageUrl: string; bio?: unknown }): EducatorProfile => ({
    _id: user._id,
    name: user.name,
    imageUrl: user.imageUrl,
    bio: typeof user.bio === 'string' ? user.bio : '',
  });
  const projection = { name: 1, imageUrl: 1, bio: 1, roles: 1 } as const;

  return {
    /** The caller's own profile (an educator's, checked by the caller's routes). */
    async own(userId: string): Promise<EducatorProfile> {
      const user = await repo.findOne({ _id: userId }, { projection });
      if (!user) throw notFound('User not found');
      return profileOf(user);
    },

    async setBio(userId: string, bio: string): Promise<EducatorProfile> {
      const user = await repo.findOneAndUpdate({ _id: userId }, { $set: { bio, updatedAt: clock.now() } });
      if (!user) throw notFound('User not found');
      return profileOf(user);
    },

    /** An educator's public profile; anyone else (or an unknown id) is not an instructor. */
    async publicProfile(userId: string): Promise<EducatorProfile> {
      const user = userId.length <= 200 ? await repo.findOne({ _id: userId }, { projection }) : null;
      if (!user?.roles.includes('educator')) throw notFound(INSTRUCTOR_NOT_FOUND);
      return profileOf(user);
    },
  };
}
export type InstructorProfiles = ReturnType<typeof instructorProfiles>;
