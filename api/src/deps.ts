import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Limits } from './limits/index.js';
import type { Logger } from './logger.js';
import type { Auth } from './modules/auth/index.js';
import type { Mailer } from './modules/mail/index.js';
import type { Payments } from './payments/index.js';
import type { Store } from './store/index.js';

/** Everything the app is built from; tests pass their own. */
export interface AppDeps {
  config: Config;
  store: Store;
  clock: Clock;
  logger: Logger;
  auth: Auth;
  payments: Payments;
  mailer: Mailer;
  limits: Limits;
}
