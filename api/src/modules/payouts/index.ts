/**
 * Local payouts (#36): payout runs (`payoutRuns`), each educator's payout record (`payouts`: the
 * admin's bank reference and date) and holds (`payoutHolds`). The money is the ledger's: a payout
 * is a ledger entry. Calls ledger and users.
 */
export { PAYOUT_INDEXES, type PayoutDoc, type PayoutRunDoc } from './repository.js';
export { PAID_IN_FUTURE, type PayoutServices, payoutRoutes } from './routes.js';
export { runSchema as payoutRunSchema } from './schemas.js';
export {
  CUTOFF_IN_FUTURE,
  cutoffOf,
  NOT_ON_HOLD,
  PAID_BEFORE_PAYOUT,
  PAYOUT_NOT_FOUND,
  type PayoutRunOptions,
  type PayoutsService,
  payoutsService,
} from './service.js';
