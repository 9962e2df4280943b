/**
 * Stripe Connect Express for educators (#36): their Express accounts (`connectAccounts`), the
 * Connect webhook's handled events (`connectEvents`) and the accounts' payouts to their banks
 * (`stripePayouts`). Above ledger (the application fee, transfers as ledger entries), below
 * purchases, which charges through it (the `ChargeRouting` port compose.ts gives purchases).
 */
export { CONNECT_INDEXES, type ConnectAccountDoc } from './repository.js';
export { CONNECT_WEBHOOK_PATH, type ConnectServices, connectRoutes } from './routes.js';
export {
  CONNECT_EVENT_RETENTION_DAYS,
  CONNECT_UNAVAILABLE,
  type ConnectOptions,
  type ConnectService,
  connectService,
  type EventOutcome,
  SALE_NOT_RECORDED,
  STRIPE_DOWN,
} from './service.js';
