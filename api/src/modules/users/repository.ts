import type { Role } from '@courseport/contracts';
import type { Store } from '../../store/index.js';

export type StoredRole = Exclude<Role, 'admin'>;

export interface UserDoc {
  /** The identity provider's user id (the token's `sub`). */
  _id: string;
  email: string;
  name: string;
  imageUrl: string;
  roles: StoredRole[];
  enrolledCourses: string[];
  createdAt: Date;
  updatedAt: Date;
  [key: string]: unknown;
}

export const usersRepository = (store: Store) => store.collection<UserDoc>('users');
export type UsersRepository = ReturnType<typeof usersRepository>;
