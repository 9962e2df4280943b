import path from 'node:path';
import { z } from 'zod';

const origin = z.string().refine((value) => {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}, 'must be an origin such as http://localhost:3000 (scheme, host and port, no path)');

const optionalText = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535, 'must be a port number from 0 to 65535').default(4000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('.data'),
  MONGODB_URI: optionalText.pipe(
    z
      .string()
      .regex(/^mongodb(\+srv)?:\/\/\S+$/, 'must be a mongodb:// or mongodb+srv:// connection string')
      .optional(),
  ),
  ALLOWED_ORIGINS: z
    .string()
    .default('http://localhost:3000,http://127.0.0.1:3000')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(origin)),
  PUBLIC_APP_URL: z
    .string()
    .url('must be an absolute URL such as http://localhost:3000')
    .default('http://localhost:3000'),
  PUBLIC_API_URL: optionalText.pipe(z.string().url('must be an absolute URL such as http://localhost:4000').optional()),
  CLERK_PUBLISHABLE_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^pk_(test|live)_\S+$/, 'must start with pk_test_ or pk_live_')
      .optional(),
  ),
  CLERK_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^sk_(test|live)_\S+$/, 'must start with sk_test_ or sk_live_')
      .optional(),
  ),
  CLERK_JWT_KEY: optionalText.pipe(
    z
      .string()
      .includes('BEGIN PUBLIC KEY', { message: 'must be the PEM public key from the Clerk dashboard' })
      .optional(),
  ),
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\S+$/, 'must start with sk_test_, sk_live_, rk_test_ or rk_live_')
      .optional(),
  ),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('must be a comma-separated list of email addresses'))),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  DEMO_SEED: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_\S+$/, 'must start with whsec_')
      .optional(),
  ),
});

/** Keys that only make sense together: setting some but not all is a mistake worth naming. */
const KEY_GROUPS = [
  { keys: ['CLERK_PUBLISHABLE_KEY', 'CLERK_SECRET_KEY', 'CLERK_JWT_KEY'], mode: 'Clerk mode needs all three' },
  { keys: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'], mode: 'Stripe mode needs both' },
];

function incompleteGroups(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  for (const { keys, mode } of KEY_GROUPS) {
    const set = keys.filter((k) => env[k]?.trim());
    if (set.length === 0 || set.length === keys.length) continue;
    for (const key of keys.filter((k) => !set.includes(k))) {
      problems.push(`${key}: is required when ${set.join(', ')} is set (${mode})`);
    }
  }
  return problems;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
  dataDir: string;
  mongodbUri: string | undefined;
  allowedOrigins: string[];
  publicAppUrl: string;
  publicApiUrl: string;
  auth: { mode: 'local' } | { mode: 'clerk'; publishableKey: string; secretKey: string; jwtKey: string };
  payments: { mode: 'local' } | { mode: 'stripe'; secretKey: string; webhookSecret: string };
  /** Seeded into the admin allow-list at start (idempotent). */
  adminEmails: string[];
  /** Seed demo accounts (and data) into an empty store; local auth only. */
  demoSeed: boolean;
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For (rate limits key on it). */
  trustProxy: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads and validates the environment, naming every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  const problems = [
    ...(parsed.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []),
    ...incompleteGroups(env),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    // Relative to where the command was typed (pnpm runs package scripts inside the package).
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    mongodbUri: e.MONGODB_URI,
    allowedOrigins: e.ALLOWED_ORIGINS,
    publicAppUrl: e.PUBLIC_APP_URL.replace(/\/$/, ''),
    publicApiUrl: (e.PUBLIC_API_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    auth:
      e.CLERK_PUBLISHABLE_KEY && e.CLERK_SECRET_KEY && e.CLERK_JWT_KEY
        ? {
            mode: 'clerk',
            publishableKey: e.CLERK_PUBLISHABLE_KEY,
            secretKey: e.CLERK_SECRET_KEY,
            jwtKey: e.CLERK_JWT_KEY,
          }
        : { mode: 'local' },
    payments:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { mode: 'stripe', secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : { mode: 'local' },
    adminEmails: e.ADMIN_EMAILS,
    demoSeed: e.DEMO_SEED,
    trustProxy: e.TRUST_PROXY,
  };
}
