import type { Role, UserProfile } from '@courseport/contracts';
import type { Store } from '../../store/index.js';

export type StoredRole = Exclude<Role, 'admin'>;

/**
 * A user's profile (`UserProfile`; `_id` is the identity provider's user id, the token's `sub`),
 * without `admin` among its roles: that one comes from the allow-list when it is read.
 */
export interface UserDoc extends UserProfile {
  roles: StoredRole[];
  createdAt: Date;
  updatedAt: Date;
  [key: string]: unknown;
}

export const usersRepository = (store: Store) => store.collection<UserDoc>('users');
export type UsersRepository = ReturnType<typeof usersRepository>;
