import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

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
});
