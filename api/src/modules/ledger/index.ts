/**
 * The educators' ledger (#36): the append-only `ledgerEntries` (sales with their fee, refunds,
 * payouts, adjustments; money in paise) and the fee settings (`feeSettings`). Balances are derived
 * from the entries. Below purchases, which records sales and refunds through `SalesLedger`; calls
 * courses (titles on statements).
 */
export { LEDGER_INDEXES, type LedgerEntryDoc } from './repository.js';
export { EDUCATOR_NOT_FOUND, type LedgerServices, ledgerRoutes } from './routes.js';
export { educatorIdParam } from './schemas.js';
export {
  BAD_CURSOR,
  balanceOfEntries,
  basisPointsOf,
  feeOf,
  LEDGER_PAGE_SIZE,
  type LedgerOptions,
  type LedgerService,
  ledgerService,
  type OnSaleEntry,
  publicEntry,
  type SaleEntryEvent,
  type SaleEvent,
  type SalesLedger,
  saleEntryEventOf,
  type TransferEvent,
} from './service.js';
export { csvText, statementCsv, statementTotals } from './statement.js';
