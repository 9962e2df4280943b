import { PLACEHOLDER_AVATAR_PATH } from '../auth/index.js';
import type { AppDeps } from '../deps.js';
import { adminEmailsRepository } from '../modules/admin-emails/repository.js';
import { adminEmailsService } from '../modules/admin-emails/service.js';
import { authRepository } from '../modules/auth/repository.js';
import { usersRepository } from '../modules/users/repository.js';

export const DEMO_PASSWORD = 'courseport-demo';
export const DEMO_ACCOUNTS = [
  { email: 'admin@courseport.dev', name: 'Ada Admin', roles: ['student'] as const, admin: true },
  { email: 'educator@courseport.dev', name: 'Eddie Educator', roles: ['student', 'educator'] as const, admin: false },
  { email: 'student@courseport.dev', name: 'Sam Student', roles: ['student'] as const, admin: false },
];

/**
 * Demo accounts for a first run (local accounts only), written only into an empty store so it
 * never touches real data. Returns whether it seeded.
 */
export async function seedDemo({ config, store, clock, auth, logger }: AppDeps): Promise<boolean> {
  if (config.auth.mode !== 'local' || !auth.local) return false;
  const accounts = authRepository(store).accounts;
  const users = usersRepository(store);
  if ((await accounts.countDocuments({})) > 0 || (await users.countDocuments({})) > 0) return false;

  const adminEmails = adminEmailsService(adminEmailsRepository(store), clock);
  for (const demo of DEMO_ACCOUNTS) {
    const account = await auth.local.createAccount({
      name: demo.name,
      email: demo.email,
      password: DEMO_PASSWORD,
      emailVerified: true,
    });
    const now = clock.now();
    await users.insertOne({
      _id: account._id,
      email: demo.email,
      name: demo.name,
      imageUrl: config.publicApiUrl + PLACEHOLDER_AVATAR_PATH,
      roles: [...demo.roles],
      enrolledCourses: [],
      createdAt: now,
      updatedAt: now,
    });
    if (demo.admin) await adminEmails.seed([demo.email]);
  }
  logger.info({ accounts: DEMO_ACCOUNTS.map((a) => a.email), password: DEMO_PASSWORD }, 'seeded demo accounts');
  return true;
}
