import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { videoTools } from '../src/video/binaries.js';

describe('config', () => {
  it('defaults to local auth, local payments and the embedded store', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4000,
      mongodbUri: undefined,
      allowedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      publicAppUrl: 'http://localhost:3000',
      auth: { mode: 'local' },
      payments: { mode: 'local' },
    });
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        MONGODB_URI: 'postgres://x',
        ALLOWED_ORIGINS: 'http://ok.test,http://bad.test/path',
        STRIPE_SECRET_KEY: 'sk_test_1',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const { problems } = error as ConfigError;
      expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
      expect(problems).toContain('MONGODB_URI: must be a mongodb:// or mongodb+srv:// connection string');
      expect(problems.some((p) => p.startsWith('ALLOWED_ORIGINS.1:'))).toBe(true);
      expect(problems).toContain(
        'STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set (Stripe mode needs both)',
      );
    }
  });

  it('requires all three Clerk keys together', () => {
    expect(() => loadConfig({ CLERK_PUBLISHABLE_KEY: 'pk_test_abc' })).toThrow(/CLERK_SECRET_KEY: is required/);
    const config = loadConfig({
      CLERK_PUBLISHABLE_KEY: 'pk_test_abc',
      CLERK_SECRET_KEY: 'sk_test_abc',
      CLERK_JWT_KEY: '-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_y',
      MONGODB_URI: 'mongodb://127.0.0.1:27017/courseport',
    });
    expect(config.auth.mode).toBe('clerk');
    expect(config.payments.mode).toBe('stripe');
    expect(config.mongodbUri).toBe('mongodb://127.0.0.1:27017/courseport');
  });

  it('runs in demo mode unless NODE_ENV or COURSEPORT_MODE says production', () => {
    expect(loadConfig({}).mode).toBe('demo');
    expect(loadConfig({ COURSEPORT_MODE: 'demo', NODE_ENV: 'production' }).mode).toBe('demo');
    expect(() => loadConfig({ COURSEPORT_MODE: 'staging' })).toThrow(/COURSEPORT_MODE: must be 'demo' or 'production'/);
  });

  it('refuses production mode without a real payment gateway, a mail transport, or with demo data', () => {
    try {
      loadConfig({ NODE_ENV: 'production', DEMO_SEED: 'true' });
      expect.unreachable();
    } catch (error) {
      const { problems } = error as ConfigError;
      expect(problems).toHaveLength(3);
      expect(problems[0]).toMatch(/^DEMO_SEED: demo data is never seeded in production mode/);
      expect(problems[1]).toMatch(/^STRIPE_SECRET_KEY: a real payment gateway is required in production mode/);
      expect(problems[1]).toContain('ALLOW_SIMULATED_PAYMENTS=true');
      expect(problems[2]).toMatch(/^SMTP_URL: local accounts need a mail transport in production mode/);
    }
    const simulated = loadConfig({
      NODE_ENV: 'production',
      ALLOW_SIMULATED_PAYMENTS: 'true',
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
    });
    expect(simulated).toMatchObject({
      mode: 'production',
      demoSeed: false,
      allowSimulatedPayments: true,
      payments: { mode: 'local' },
      mail: { smtpUrl: 'smtps://user:secret@mail.example.com:465', from: 'Courseport <no-reply@localhost>' },
    });
    const real = loadConfig({
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_y',
      CLERK_PUBLISHABLE_KEY: 'pk_live_abc',
      CLERK_SECRET_KEY: 'sk_live_abc',
      CLERK_JWT_KEY: '-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----',
    });
    expect(real.mode).toBe('production');
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL: must be an smtp:\/\//);
  });

  it('takes a release token of 32 characters or more, and refuses a shorter one (#22)', () => {
    expect(loadConfig({}).releaseToken).toBeUndefined();
    expect(loadConfig({ RELEASE_TOKEN: '  ' }).releaseToken).toBeUndefined();
    expect(loadConfig({ RELEASE_TOKEN: 'r'.repeat(32) }).releaseToken).toBe('r'.repeat(32));
    expect(() => loadConfig({ RELEASE_TOKEN: 'r'.repeat(31) })).toThrow(
      /RELEASE_TOKEN: must be at least 32 characters/,
    );
  });

  it('takes how long signed video URLs work (VIDEO_URL_TTL_S, #33): 300 s unless set, whole seconds, 1–86400', () => {
    expect(loadConfig({}).videoUrlTtlS).toBe(300);
    expect(loadConfig({ VIDEO_URL_TTL_S: '30' }).videoUrlTtlS).toBe(30);
    for (const bad of ['0', '-5', '1.5', 'soon', '86401'])
      expect(() => loadConfig({ VIDEO_URL_TTL_S: bad }), bad).toThrow(/VIDEO_URL_TTL_S: /);
  });

  it('takes the platform fee (PLATFORM_FEE_PERCENT, 20 %, two decimals) and the ledger hold (LEDGER_HOLD_DAYS, 7) (#36)', () => {
    expect(loadConfig({}).ledger).toEqual({ defaultFeeBasisPoints: 2000, holdDays: 7 });
    // Empty is unset (not 0 %).
    expect(loadConfig({ PLATFORM_FEE_PERCENT: ' ', LEDGER_HOLD_DAYS: '' }).ledger).toEqual({
      defaultFeeBasisPoints: 2000,
      holdDays: 7,
    });
    expect(loadConfig({ PLATFORM_FEE_PERCENT: '12.5', LEDGER_HOLD_DAYS: '0' }).ledger).toEqual({
      defaultFeeBasisPoints: 1250,
      holdDays: 0,
    });
    for (const bad of ['-1', '100.01', '12.345', 'twenty']) {
      expect(() => loadConfig({ PLATFORM_FEE_PERCENT: bad }), bad).toThrow(/PLATFORM_FEE_PERCENT: /);
    }
    for (const bad of ['-1', '1.5', '366', 'week']) {
      expect(() => loadConfig({ LEDGER_HOLD_DAYS: bad }), bad).toThrow(/LEDGER_HOLD_DAYS: /);
    }
  });

  it('takes trusted proxies as a count, and refuses an https public URL with none', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: must be the number of trusted proxies/);
    expect(() => loadConfig({ PUBLIC_API_URL: 'https://api.courseport.example' })).toThrow(
      /TRUST_PROXY: the public URL is https, so the API runs behind a TLS-terminating proxy/,
    );
    expect(loadConfig({ PUBLIC_API_URL: 'https://api.courseport.example', TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('points the Stripe SDK at STRIPE_API_BASE (stripe-mock, a test fake), never with a live key', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_y' };
    expect(loadConfig(stripe).payments).toEqual({ mode: 'stripe', secretKey: 'sk_test_x', webhookSecret: 'whsec_y' });
    expect(loadConfig({ ...stripe, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).payments).toMatchObject({
      apiBase: { protocol: 'http', host: '127.0.0.1', port: 12111 },
    });
    expect(loadConfig({ ...stripe, STRIPE_API_BASE: 'https://stripe.test/' }).payments).toMatchObject({
      apiBase: { protocol: 'https', host: 'stripe.test', port: 443 },
    });
    expect(loadConfig({ ...stripe, STRIPE_API_BASE: 'http://[::1]:8080' }).payments).toMatchObject({
      apiBase: { protocol: 'http', host: '::1', port: 8080 },
    });
    for (const bad of ['localhost:12111', 'ftp://stripe.test', 'http://stripe.test/v1']) {
      expect(() => loadConfig({ ...stripe, STRIPE_API_BASE: bad })).toThrow(
        /STRIPE_API_BASE: must be an http:\/\/ or https:\/\/ origin/,
      );
    }
    expect(() =>
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_y',
        STRIPE_API_BASE: 'http://x.test',
      }),
    ).toThrow(/STRIPE_API_BASE: a live Stripe key is only ever sent to Stripe itself/);
  });

  it('takes VIDEO_WORKERS as auto (one per two cores), 0 (enqueue only, MongoDB) or a count (#33)', () => {
    const auto = Math.max(1, Math.floor(availableParallelism() / 2));
    expect(loadConfig({}).videoJobs.concurrency).toBe(auto);
    expect(loadConfig({ VIDEO_WORKERS: 'auto' }).videoJobs.concurrency).toBe(auto);
    expect(loadConfig({ VIDEO_WORKERS: ' 3 ' }).videoJobs.concurrency).toBe(3);
    const mongo = { MONGODB_URI: 'mongodb://127.0.0.1:27017/courseport' };
    expect(loadConfig({ ...mongo, VIDEO_WORKERS: '0' }).videoJobs.concurrency).toBe(0);
    // The embedded store's files belong to the API: nobody else could transcode.
    expect(() => loadConfig({ VIDEO_WORKERS: '0' })).toThrow(
      /VIDEO_WORKERS: 0 leaves transcoding to separate worker processes \(pnpm worker:video\), which share the queue through MongoDB: set MONGODB_URI/,
    );
    for (const bad of ['two', '-1', '1.5', '100', '65'])
      expect(() => loadConfig({ ...mongo, VIDEO_WORKERS: bad }), bad).toThrow(/VIDEO_WORKERS: must be/);
  });

  it('takes VIDEO_UPLOAD_EXPIRY_H in whole hours, 24 by default (#33)', () => {
    expect(loadConfig({}).videoUploadExpiryH).toBe(24);
    expect(loadConfig({ VIDEO_UPLOAD_EXPIRY_H: '2' }).videoUploadExpiryH).toBe(2);
    for (const bad of ['0', '1.5', 'a day'])
      expect(() => loadConfig({ VIDEO_UPLOAD_EXPIRY_H: bad }), bad).toThrow(/VIDEO_UPLOAD_EXPIRY_H: must be/);
  });

  it('checks FFMPEG_PATH and FFPROBE_PATH at start: an executable file, or a clear error (#33)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'courseport-config-'));
    try {
      const plain = path.join(dir, 'ffmpeg.txt');
      await writeFile(plain, 'not a program');
      await chmod(plain, 0o644);
      const tools = videoTools();
      expect(loadConfig({ FFMPEG_PATH: tools.ffmpeg.path, FFPROBE_PATH: tools.ffprobe.path })).toBeTruthy();
      expect(loadConfig({ FFMPEG_PATH: '' })).toBeTruthy();
      const problems = (env: NodeJS.ProcessEnv) => {
        try {
          loadConfig(env);
        } catch (error) {
          return (error as ConfigError).problems;
        }
        return [];
      };
      expect(problems({ FFMPEG_PATH: path.join(dir, 'missing'), FFPROBE_PATH: plain })).toEqual([
        'FFMPEG_PATH: must be the path of an executable ffmpeg (the file does not exist, is not a file, or may not be run)',
        'FFPROBE_PATH: must be the path of an executable ffprobe (the file does not exist, is not a file, or may not be run)',
      ]);
      // A directory is "executable" (searchable) but not a program.
      expect(problems({ FFMPEG_PATH: dir })[0]).toMatch(/^FFMPEG_PATH: must be the path of an executable ffmpeg/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
