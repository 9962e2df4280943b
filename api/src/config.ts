import { accessSync, constants, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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

/** A path to a program the API runs (ffmpeg, ffprobe): it must exist, be a file, and be executable. */
const executablePath = (program: string) =>
  optionalText.pipe(
    z
      .string()
      .refine((value) => {
        try {
          accessSync(value, constants.X_OK);
          return statSync(value).isFile();
        } catch {
          return false;
        }
      }, `must be the path of an executable ${program} (the file does not exist, is not a file, or may not be run)`)
      .optional(),
  );

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .default(fallback)
    .transform((v) => v === 'true' || v === '1');

/** #36: an empty value is an unset one (its default), never the number 0 `z.coerce` would make of it. */
const unsetIfEmpty = <T extends z.ZodType>(inner: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), inner);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  COURSEPORT_MODE: optionalText.pipe(
    z.enum(['demo', 'production'], { message: "must be 'demo' or 'production'" }).optional(),
  ),
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
    .string()
    .trim()
    .default('0')
    .transform((v) => (v === 'true' ? '1' : v === 'false' || v === '' ? '0' : v))
    .pipe(z.string().regex(/^(10|[0-9])$/, 'must be the number of trusted proxies in front of the API, 0 to 10'))
    .transform(Number),
  DEMO_SEED: flag('false'),
  ALLOW_SIMULATED_PAYMENTS: flag('false'),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(
        /^smtps?:\/\/\S+$/,
        'must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com:465',
      )
      .optional(),
  ),
  MAIL_FROM: optionalText.pipe(z.string().max(200).optional()),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_\S+$/, 'must start with whsec_')
      .optional(),
  ),
  /** #36: the signing secret of the Connect webhook endpoint (connected accounts' events); STRIPE_WEBHOOK_SECRET when unset. */
  STRIPE_CONNECT_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_\S+$/, 'must start with whsec_')
      .optional(),
  ),
  RELEASE_TOKEN: optionalText.pipe(
    z
      .string()
      .min(32, 'must be at least 32 characters (openssl rand -hex 32), or unset to turn release-token access off')
      .optional(),
  ),
  RESOURCE_MAX_MB: z.coerce
    .number()
    .int('must be a whole number of megabytes')
    .min(1, 'must be at least 1 (megabyte)')
    .max(1024, 'must be at most 1024 (megabytes)')
    .default(50),
  VIDEO_MAX_MB: z.coerce
    .number()
    .int('must be a whole number of megabytes')
    .min(1, 'must be at least 1 (megabyte)')
    .max(1024 * 1024, 'must be at most 1048576 (megabytes)')
    .default(4096),
  VIDEO_QUOTA_MB: z.coerce
    .number()
    .int('must be a whole number of megabytes')
    .min(1, 'must be at least 1 (megabyte)')
    .max(1024 * 1024 * 1024, 'must be at most 1073741824 (megabytes)')
    .default(20480),
  VIDEO_JOB_LOCK_MS: z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(500, 'must be at least 500 (milliseconds)')
    .max(3_600_000, 'must be at most 3600000 (milliseconds)')
    .default(60_000),
  VIDEO_JOB_POLL_MS: z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(50, 'must be at least 50 (milliseconds)')
    .max(60_000, 'must be at most 60000 (milliseconds)')
    .default(2000),
  VIDEO_RETRY_DELAY_MS: z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(0, 'must not be negative')
    .max(3_600_000, 'must be at most 3600000 (milliseconds)')
    .default(10_000),
  VIDEO_TRANSCODE_TIMEOUT_MS: z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(0, 'must not be negative')
    .max(24 * 3_600_000, 'must be at most 86400000 (milliseconds)')
    .default(0),
  VIDEO_WORKERS: z
    .string()
    .trim()
    .toLowerCase()
    .default('auto')
    .transform((v) => v || 'auto')
    .pipe(
      z
        .string()
        .regex(
          /^(auto|\d{1,2})$/,
          "must be 'auto' (one transcoding per two cores), 0 (this API only enqueues: worker processes transcode) or the number of transcodings at a time, 1 to 64",
        ),
    )
    .transform((v) => (v === 'auto' ? Math.max(1, Math.floor(availableParallelism() / 2)) : Number(v)))
    .pipe(z.number().max(64, 'must be at most 64 transcodings at a time')),
  VIDEO_UPLOAD_EXPIRY_H: z.coerce
    .number({ error: 'must be a whole number of hours' })
    .int('must be a whole number of hours')
    .min(1, 'must be at least 1 (hour)')
    .max(24 * 365, 'must be at most 8760 (hours)')
    .default(24),
  FFMPEG_PATH: executablePath('ffmpeg'),
  FFPROBE_PATH: executablePath('ffprobe'),
  VIDEO_TRANSCODE_PRESET: z
    .enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium'], 'must be an x264 preset')
    .default('veryfast'),
  VIDEO_URL_TTL_S: z.coerce
    .number()
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1 (second)')
    .max(86_400, 'must be at most 86400 (seconds)')
    .default(300),
  // #35: notifications and announcements.
  NOTIFY_DIGEST_WINDOW_MS: z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(0, 'must not be negative (0: every notification is mailed on its own)')
    .max(86_400_000, 'must be at most 86400000 (milliseconds)')
    .default(900_000),
  NOTIFY_JOB_POLL_MS: z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(50, 'must be at least 50 (milliseconds)')
    .max(60_000, 'must be at most 60000 (milliseconds)')
    .default(2000),
  ANNOUNCEMENTS_PER_COURSE_PER_DAY: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1000, 'must be at most 1000')
    .default(5),
  // #36: the platform's fee until an admin sets one, and how long a sale stays pending.
  PLATFORM_FEE_PERCENT: unsetIfEmpty(
    z.coerce
      .number({ error: 'must be a number from 0 to 100 with at most two decimals' })
      .min(0, 'must be a number from 0 to 100 with at most two decimals')
      .max(100, 'must be a number from 0 to 100 with at most two decimals')
      .refine(
        (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
        'must be a number from 0 to 100 with at most two decimals',
      )
      .default(20),
  ),
  LEDGER_HOLD_DAYS: unsetIfEmpty(
    z.coerce
      .number({ error: 'must be a whole number of days' })
      .int('must be a whole number of days')
      .min(0, 'must not be negative')
      .max(365, 'must be at most 365 (days)')
      .default(7),
  ),
  STRIPE_API_BASE: optionalText.pipe(
    z
      .string()
      .refine((value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '');
        } catch {
          return false;
        }
      }, 'must be an http:// or https:// origin such as http://localhost:12111 (stripe-mock), with no path')
      .optional(),
  ),
});

/** Keys that only make sense together: setting some but not all is a mistake worth naming. */
const KEY_GROUPS = [
  { keys: ['CLERK_PUBLISHABLE_KEY', 'CLERK_SECRET_KEY', 'CLERK_JWT_KEY'], mode: 'Clerk mode needs all three' },
  { keys: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'], mode: 'Stripe mode needs both' },
];

/** Where the Stripe SDK sends its calls: Stripe itself unless `STRIPE_API_BASE` names a stand-in. */
export interface StripeApiBase {
  protocol: 'http' | 'https';
  host: string;
  port: number;
}

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
  /** demo: seeded data, simulated payments and the development outbox; production: none of them. */
  mode: 'demo' | 'production';
  host: string;
  port: number;
  logLevel: string;
  dataDir: string;
  mongodbUri: string | undefined;
  allowedOrigins: string[];
  publicAppUrl: string;
  publicApiUrl: string;
  auth: { mode: 'local' } | { mode: 'clerk'; publishableKey: string; secretKey: string; jwtKey: string };
  payments:
    | { mode: 'local' }
    | {
        mode: 'stripe';
        secretKey: string;
        webhookSecret: string;
        /** #36: the Connect endpoint's signing secret (connected accounts' events); `webhookSecret` when unset. */
        connectWebhookSecret?: string;
        apiBase?: StripeApiBase;
      };
  /** Seeded into the admin allow-list at start (idempotent). */
  adminEmails: string[];
  /** Seed demo accounts (and data) into an empty store; local auth only. */
  demoSeed: boolean;
  /** Proxies in front of the API: the client address is this many entries from the end of X-Forwarded-For. */
  trustProxy: number;
  /** Purchases through the local checkout in production (marked simulated, never counted as earnings). */
  allowSimulatedPayments: boolean;
  /** Outgoing mail: SMTP when `smtpUrl` is set, else the development outbox (demo mode only). */
  mail: { smtpUrl: string | undefined; from: string };
  /** What CI sends as `Authorization: Bearer …` to change portal releases (#22); unset: admins only. */
  releaseToken: string | undefined;
  /** The largest lesson resource an educator may upload, in MB (#32; `RESOURCE_MAX_MB`, default 50). */
  resourceMaxMb: number;
  /** The largest video an educator may upload, in MB (#33; `VIDEO_MAX_MB`, default 4096). */
  videoMaxMb: number;
  /** Video storage per educator, in MB (#33; `VIDEO_QUOTA_MB`, default 20480), apart from the image/resource quota. */
  videoQuotaMb: number;
  /** The transcoding queue (#33): lock lifetime (`VIDEO_JOB_LOCK_MS`, 60 s), poll interval (`VIDEO_JOB_POLL_MS`, 2 s), first retry delay (`VIDEO_RETRY_DELAY_MS`, 10 s, doubling), libx264 preset (`VIDEO_TRANSCODE_PRESET`, veryfast), ffmpeg's wall-clock limit (`VIDEO_TRANSCODE_TIMEOUT_MS`, 0 = 10 min + twice the duration). */
  videoJobs: {
    lockMs: number;
    pollMs: number;
    retryDelayMs: number;
    preset: string;
    timeoutMs: number;
    /** Transcodings this process runs at a time (`VIDEO_WORKERS`: auto = one per two cores; 0 = enqueue only). */
    concurrency: number;
  };
  /** Hours after its last byte that an unfinished upload is deleted and its quota given back (`VIDEO_UPLOAD_EXPIRY_H`, 24). */
  videoUploadExpiryH: number;
  /** How long a hosted video's signed stream URLs work, in seconds (#33; `VIDEO_URL_TTL_S`, default 300). */
  videoUrlTtlS: number;
  /**
   * #35: a burst's window before its digest mail (`NOTIFY_DIGEST_WINDOW_MS`, 15 min; 0: no digests),
   * how often idle hosts look for due digests and announcement fan-outs (`NOTIFY_JOB_POLL_MS`, 2 s),
   * announcements a course may post a day (`ANNOUNCEMENTS_PER_COURSE_PER_DAY`, 5).
   */
  notifications: { digestWindowMs: number; jobPollMs: number; announcementsPerCoursePerDay: number };
  /**
   * The educators' ledger (#36): the platform's fee until an admin sets one, basis points
   * (`PLATFORM_FEE_PERCENT`, default 20); days a sale stays pending before it can be paid out, the
   * refund window (`LEDGER_HOLD_DAYS`, default 7).
   */
  ledger: { defaultFeeBasisPoints: number; holdDays: number };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = z.infer<typeof schema>;

const modeOf = (e: Env) => e.COURSEPORT_MODE ?? (e.NODE_ENV === 'production' ? 'production' : 'demo');

/** What production mode and secure cookies need, beyond each variable being well-formed. */
function unsafeCombinations(e: Env): string[] {
  const problems: string[] = [];
  if (e.STRIPE_API_BASE && /^(sk|rk)_live_/.test(e.STRIPE_SECRET_KEY ?? '')) {
    problems.push('STRIPE_API_BASE: a live Stripe key is only ever sent to Stripe itself: unset STRIPE_API_BASE');
  }
  const https = [e.PUBLIC_API_URL, e.PUBLIC_APP_URL].some((url) => url?.startsWith('https://'));
  if (https && e.TRUST_PROXY === 0) {
    problems.push(
      'TRUST_PROXY: the public URL is https, so the API runs behind a TLS-terminating proxy: set TRUST_PROXY to the number of proxies in front of it (usually 1)',
    );
  }
  if (e.VIDEO_WORKERS === 0 && !e.MONGODB_URI) {
    problems.push(
      'VIDEO_WORKERS: 0 leaves transcoding to separate worker processes (pnpm worker:video), which share the queue through MongoDB: set MONGODB_URI, or leave VIDEO_WORKERS unset (the embedded store belongs to the API process alone)',
    );
  }
  if (modeOf(e) !== 'production') return problems;
  const production = 'in production mode (NODE_ENV=production or COURSEPORT_MODE=production)';
  if (e.DEMO_SEED) problems.push(`DEMO_SEED: demo data is never seeded ${production}`);
  if (!e.STRIPE_SECRET_KEY && !e.ALLOW_SIMULATED_PAYMENTS) {
    problems.push(
      `STRIPE_SECRET_KEY: a real payment gateway is required ${production}: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or ALLOW_SIMULATED_PAYMENTS=true to take simulated payments on purpose`,
    );
  }
  if (!e.CLERK_PUBLISHABLE_KEY && !e.SMTP_URL) {
    problems.push(
      `SMTP_URL: local accounts need a mail transport ${production}, so that users can confirm their e-mail and reset their password (smtps://user:password@mail.example.com:465)`,
    );
  }
  return problems;
}

function stripeApiBase(value: string): StripeApiBase {
  const url = new URL(value);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    protocol,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port) || (protocol === 'http' ? 80 : 443),
  };
}

/** Reads and validates the environment, naming every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  const problems = [
    ...(parsed.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []),
    ...incompleteGroups(env),
    ...(parsed.success ? unsafeCombinations(parsed.data) : []),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const publicAppUrl = e.PUBLIC_APP_URL.replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    mode: modeOf(e),
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    // Relative to where the command was typed (pnpm runs package scripts inside the package).
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    mongodbUri: e.MONGODB_URI,
    allowedOrigins: e.ALLOWED_ORIGINS,
    publicAppUrl,
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
        ? {
            mode: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            ...(e.STRIPE_CONNECT_WEBHOOK_SECRET ? { connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET } : {}),
            ...(e.STRIPE_API_BASE ? { apiBase: stripeApiBase(e.STRIPE_API_BASE) } : {}),
          }
        : { mode: 'local' },
    adminEmails: e.ADMIN_EMAILS,
    demoSeed: e.DEMO_SEED,
    trustProxy: e.TRUST_PROXY,
    allowSimulatedPayments: e.ALLOW_SIMULATED_PAYMENTS,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `Courseport <no-reply@${new URL(publicAppUrl).hostname}>` },
    releaseToken: e.RELEASE_TOKEN,
    resourceMaxMb: e.RESOURCE_MAX_MB,
    videoMaxMb: e.VIDEO_MAX_MB,
    videoQuotaMb: e.VIDEO_QUOTA_MB,
    videoJobs: {
      lockMs: e.VIDEO_JOB_LOCK_MS,
      pollMs: e.VIDEO_JOB_POLL_MS,
      retryDelayMs: e.VIDEO_RETRY_DELAY_MS,
      preset: e.VIDEO_TRANSCODE_PRESET,
      timeoutMs: e.VIDEO_TRANSCODE_TIMEOUT_MS,
      concurrency: e.VIDEO_WORKERS,
    },
    videoUrlTtlS: e.VIDEO_URL_TTL_S,
    videoUploadExpiryH: e.VIDEO_UPLOAD_EXPIRY_H,
    notifications: {
      digestWindowMs: e.NOTIFY_DIGEST_WINDOW_MS,
      jobPollMs: e.NOTIFY_JOB_POLL_MS,
      announcementsPerCoursePerDay: e.ANNOUNCEMENTS_PER_COURSE_PER_DAY,
    },
    ledger: { defaultFeeBasisPoints: Math.round(e.PLATFORM_FEE_PERCENT * 100), holdDays: e.LEDGER_HOLD_DAYS },
  };
}
