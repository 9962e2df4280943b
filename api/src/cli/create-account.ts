// Creates a verified local account (and, with --admin, puts its e-mail on the admin allow-list):
//   pnpm create-account --email ada@example.com --name "Ada Lovelace" --password '…' [--admin]
import { parseArgs } from 'node:util';
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { INDEXES } from '../indexes.js';
import { createLogger } from '../logger.js';
import { adminEmailsOf } from '../modules/admin-emails/index.js';
import { buildAuth, signUpSchema } from '../modules/auth/index.js';
import { mailerFor } from '../modules/mail/index.js';
import { openStore } from '../store/index.js';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
    admin: { type: 'boolean', default: false },
  },
});

const input = signUpSchema.safeParse(values);
if (!input.success) {
  for (const issue of input.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
  console.error('Usage: pnpm create-account --email <email> --name <name> --password <password> [--admin]');
  process.exit(1);
}

const config = loadConfig();
if (config.auth.mode !== 'local') {
  console.error('Clerk is configured: create accounts in the Clerk dashboard instead.');
  process.exit(1);
}
const store = await openStore({ mongodbUri: config.mongodbUri, dataDir: config.dataDir });
try {
  await store.ensureIndexes(INDEXES);
  const auth = await buildAuth(config, store, systemClock, mailerFor(config, store, systemClock, createLogger('warn')));
  const account = await auth.local?.createAccount({ ...input.data, emailVerified: true });
  if (values.admin) await adminEmailsOf(store, systemClock).seed([input.data.email]);
  console.log(`Created ${account?.email} (verified${values.admin ? ', admin' : ''}).`);
} catch (error) {
  console.error(`Could not create the account: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await store.close();
}
