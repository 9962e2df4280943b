/**
 * Local accounts and sessions (the `accounts`, `sessions` and `secrets` collections): sign-up,
 * sign-in, e-mail confirmation, password reset. Built on `auth/` (token issuing and verification)
 * and calls mail.
 */
export { type Auth, buildAuth, noAccounts, SESSION_SWEEP_INTERVAL_MS } from './build.js';
export { AUTH_INDEXES } from './repository.js';
export {
  type AuthRouteDeps,
  authRoutes,
  CHECK_INBOX,
  DEVICE_COOKIE,
  EMAIL_CONFIRMED,
  INVALID_CONFIRMATION_LINK,
  RESET_MAIL_SENT,
  SESSION_COOKIE,
} from './routes.js';
export { email as emailSchema, signUpSchema } from './schemas.js';
export { type LocalAuthService, SESSION_DAYS } from './service.js';
