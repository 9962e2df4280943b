import type { Balance, LedgerEntry, LedgerPage, PlatformFee } from '@courseport/contracts';
import type { Clock } from '../../clock.js';
import { badRequest } from '../../http/errors.js';
import { ConflictError, newId, type Store } from '../../store/index.js';
import { courseRecords } from '../courses/index.js';
import { type FeeSettingDoc, feeSettingsRepository, type LedgerEntryDoc, ledgerRepository } from './repository.js';

const DAY_MS = 86_400_000;
export const LEDGER_PAGE_SIZE = 50;
export const BAD_CURSOR = 'Cursor is not valid: use the nextCursor of the previous page';

/** A completed purchase as the ledger needs it (given by purchases' fulfilment through compose.ts). */
export interface SaleEvent {
  purchaseId: string;
  educatorId: string;
  courseId: string;
  /** What the student paid, paise (after any coupon). */
  amount: number;
  /** The price before the coupon, paise, when one was used. */
  listAmount?: number;
  couponCode?: string;
  /** Paid through the local checkout: no money moved. */
  simulated: boolean;
  completedAt: Date;
  refundedAt?: Date;
  /**
   * #36: the rate the checkout charged its application fee at (a destination charge): the sale is
   * recorded at it, so the ledger's fee is the fee Stripe kept. Otherwise the rate when recorded.
   */
  feeBasisPoints?: number;
  /** #36: paid as a destination charge to this Connect account: Stripe moved the share (a transfer). */
  connectAccountId?: string;
}

/** #36: a Connect transfer of a sale's share (or its reversal), as Stripe reports it. */
export interface TransferEvent {
  purchaseId: string;
  transferId?: string;
  accountId: string;
}

/** What purchases calls when a purchase completes or is refunded (idempotent; see `ledgerService`). */
export interface SalesLedger {
  recordSale(sale: SaleEvent): Promise<unknown>;
  recordRefund(sale: SaleEvent): Promise<unknown>;
}

export interface LedgerOptions {
  /** Days a sale stays pending (the refund window) before it can be paid out. */
  holdDays: number;
  /** The platform's fee until an admin sets one, basis points. */
  defaultFeeBasisPoints: number;
  /** Whether simulated purchases (the local checkout) reach the ledger: demo mode only. */
  countSimulated: boolean;
  /**
   * #36: told once of each sale or refund entry, by the call that wrote it (analytics' counters; a
   * repeated write, such as a webhook delivered twice, is not told again). Must not throw.
   */
  onSaleEntry?: OnSaleEntry;
}

/** #36: a sale or refund entry as analytics counts it (gross and share in paise, refunds negative). */
export interface SaleEntryEvent {
  courseId: string;
  kind: 'sale' | 'refund';
  at: Date;
  gross: number;
  amount: number;
}
export type OnSaleEntry = (event: SaleEntryEvent) => Promise<void>;

/** #36: the event a sale or refund entry makes (null for other entries). */
export function saleEntryEventOf(
  doc: Pick<LedgerEntryDoc, 'kind' | 'courseId' | 'createdAt' | 'gross' | 'amount'>,
): SaleEntryEvent | null {
  if ((doc.kind !== 'sale' && doc.kind !== 'refund') || typeof doc.courseId !== 'string') return null;
  return {
    courseId: doc.courseId,
    kind: doc.kind,
    at: new Date(doc.createdAt),
    gross: Number(doc.gross ?? 0),
    amount: doc.amount,
  };
}

/**
 * The fee on a sale, paise: `gross × rate`, rounded half up to a whole paisa (integers only:
 * `(gross × bp + 5000) div 10000`). The educator's share is `gross − fee`, so the two always add
 * up to what the student paid.
 */
export function feeOf(gross: number, basisPoints: number): number {
  return Math.floor((gross * basisPoints + 5000) / 10_000);
}

export const percentOf = (basisPoints: number) => basisPoints / 100;
export const basisPointsOf = (percent: number) => Math.round(percent * 100);

/** Sums an educator's entries into their balance at `now` (see docs/ARCHITECTURE.md, the ledger). */
export function balanceOfEntries(
  entries: ReadonlyArray<Pick<LedgerEntryDoc, 'kind' | 'amount' | 'availableAt'>>,
  now: Date,
): Balance {
  const balance: Balance = { pending: 0, available: 0, paid: 0 };
  const at = now.getTime();
  for (const entry of entries) {
    if (entry.kind === 'payout') balance.paid -= entry.amount;
    if (new Date(entry.availableAt).getTime() > at) balance.pending += entry.amount;
    else balance.available += entry.amount;
  }
  return balance;
}

export function publicEntry(doc: LedgerEntryDoc): LedgerEntry {
  const {
    _id,
    key: _key,
    educatorId: _educator,
    payoutSeq: _seq,
    by: _by,
    connectAccountId: _account,
    createdAt,
    availableAt,
    ...rest
  } = doc;
  return {
    ...(rest as Omit<LedgerEntry, 'id' | 'createdAt' | 'availableAt'>),
    id: _id,
    createdAt: new Date(createdAt).toISOString(),
    availableAt: new Date(availableAt).toISOString(),
  };
}

const encodeCursor = (doc: Pick<LedgerEntryDoc, '_id' | 'createdAt'>) =>
  Buffer.from(`${new Date(doc.createdAt).getTime()}:${doc._id}`).toString('base64url');
function decodeCursor(cursor: string): { at: Date; id: string } {
  const [ms, id] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  const at = Number(ms);
  if (!id || !/^[A-Za-z0-9_-]{1,64}$/.test(id) || !Number.isSafeInteger(at) || at < 0) throw badRequest(BAD_CURSOR);
  return { at: new Date(at), id };
}

/**
 * The append-only ledger of every educator's money (the `ledgerEntries` collection) and the fee
 * settings (`feeSettings`). Every write is one `insertOne` under an idempotency key, so a repeated
 * write is stored once; nothing is ever updated or deleted. Balances are sums over the entries.
 */
export function ledgerService(store: Store, clock: Clock, options: LedgerOptions) {
  const entries = ledgerRepository(store);
  const fees = feeSettingsRepository(store);
  const courses = courseRecords(store);

  /** Inserts the entry unless one with its key exists: the stored one either way, and whether this call wrote it. */
  async function appendOnce(doc: LedgerEntryDoc): Promise<{ entry: LedgerEntryDoc | null; written: boolean }> {
    try {
      const entry = await entries.insertOne(doc);
      const event = options.onSaleEntry && saleEntryEventOf(doc);
      if (event) await options.onSaleEntry?.(event);
      return { entry, written: true };
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      return { entry: await entries.findOne({ key: doc.key }), written: false };
    }
  }

  async function feeBasisPoints(educatorId: string): Promise<number> {
    const [own, platform] = await Promise.all([
      fees.findOne({ _id: `educator:${educatorId}` }),
      fees.findOne({ _id: 'platform' }),
    ]);
    return own?.basisPoints ?? platform?.basisPoints ?? options.defaultFeeBasisPoints;
  }

  const counts = (sale: SaleEvent) => sale.amount > 0 && (options.countSimulated || !sale.simulated);

  const mine = (educatorId: string) =>
    entries.find({ educatorId }, { projection: { kind: 1, amount: 1, availableAt: 1, runId: 1 } });

  const service = {
    holdDays: options.holdDays,

    /** The completed purchase as a sale: gross, the fee at today's rate, the share. Once per purchase. */
    async recordSale(sale: SaleEvent): Promise<LedgerEntryDoc | null> {
      if (!counts(sale)) return null;
      const key = `sale:${sale.purchaseId}`;
      const existing = await entries.findOne({ key });
      if (existing) {
        // A crash between the sale and its transfer: the repeat finishes it.
        if (sale.connectAccountId)
          await service.recordTransfer({ purchaseId: sale.purchaseId, accountId: sale.connectAccountId });
        return existing;
      }
      const basisPoints = sale.feeBasisPoints ?? (await feeBasisPoints(sale.educatorId));
      const fee = feeOf(sale.amount, basisPoints);
      const discount = sale.listAmount !== undefined ? sale.listAmount - sale.amount : undefined;
      const { entry } = await appendOnce({
        _id: newId(),
        key,
        educatorId: sale.educatorId,
        kind: 'sale',
        amount: sale.amount - fee,
        gross: sale.amount,
        fee: -fee,
        feeBasisPoints: basisPoints,
        ...(discount !== undefined && discount > 0
          ? { listAmount: sale.listAmount, discount, ...(sale.couponCode ? { couponCode: sale.couponCode } : {}) }
          : {}),
        purchaseId: sale.purchaseId,
        courseId: sale.courseId,
        ...(sale.connectAccountId ? { connectAccountId: sale.connectAccountId } : {}),
        createdAt: sale.completedAt,
        availableAt: new Date(sale.completedAt.getTime() + options.holdDays * DAY_MS),
      });
      // A destination charge moved the share to the educator's Stripe account with the payment itself.
      if (sale.connectAccountId)
        await service.recordTransfer({ purchaseId: sale.purchaseId, accountId: sale.connectAccountId });
      return entry;
    },

    /** #36: a course's sale and refund entries (analytics' rebuild). */
    async saleEventsOfCourse(courseId: string): Promise<SaleEntryEvent[]> {
      const found = await entries.find(
        { courseId, kind: { $in: ['sale', 'refund'] } },
        { projection: { kind: 1, courseId: 1, createdAt: 1, gross: 1, amount: 1 } },
      );
      return found.map(saleEntryEventOf).filter((e): e is SaleEntryEvent => e !== null);
    },

    /** #36: the fee a sale of `gross` paise by this educator is charged now (a destination charge's application fee). */
    async feeFor(educatorId: string, gross: number): Promise<{ basisPoints: number; fee: number }> {
      const basisPoints = await feeBasisPoints(educatorId);
      return { basisPoints, fee: feeOf(gross, basisPoints) };
    },

    /**
     * #36: Stripe moved a sale's share to the educator's Connect account (a destination charge's
     * transfer): a `payout` entry of the share, so no local payout run pays it again. Keyed by the
     * purchase (`stripe-transfer:<purchaseId>`): written by the sale itself and by `transfer.created`,
     * whichever comes first, once. Its money leaves from where the sale's is (pending during the
     * hold). Null while the sale is not recorded yet (the webhook is retried).
     */
    async recordTransfer(transfer: TransferEvent): Promise<LedgerEntryDoc | null> {
      const key = `stripe-transfer:${transfer.purchaseId}`;
      const existing = await entries.findOne({ key });
      if (existing) return existing;
      const sold = await entries.findOne({ key: `sale:${transfer.purchaseId}` });
      if (!sold) return null;
      const now = clock.now();
      const saleAvailable = new Date(sold.availableAt);
      const { entry } = await appendOnce({
        _id: newId(),
        key,
        educatorId: sold.educatorId,
        kind: 'payout',
        amount: -sold.amount,
        method: 'stripe',
        connectAccountId: transfer.accountId,
        ...(transfer.transferId ? { transferId: transfer.transferId } : {}),
        purchaseId: transfer.purchaseId,
        ...(sold.courseId ? { courseId: sold.courseId } : {}),
        createdAt: now,
        availableAt: saleAvailable > now ? saleAvailable : now,
      });
      return entry;
    },

    /**
     * #36: Stripe reversed a sale's transfer (a refund with `reverse_transfer`): the share comes
     * back from the educator's account, so the refund's debit is not owed twice. Once per purchase
     * (`stripe-transfer-reversal:<purchaseId>`); a reversal that arrives before its transfer writes
     * the transfer first. Null while the sale is not recorded yet.
     */
    async recordTransferReversal(transfer: TransferEvent): Promise<LedgerEntryDoc | null> {
      const key = `stripe-transfer-reversal:${transfer.purchaseId}`;
      const existing = await entries.findOne({ key });
      if (existing) return existing;
      const moved = await service.recordTransfer(transfer);
      if (!moved) return null;
      const now = clock.now();
      const movedAvailable = new Date(moved.availableAt);
      const { entry } = await appendOnce({
        _id: newId(),
        key,
        educatorId: moved.educatorId,
        kind: 'payout',
        amount: -moved.amount,
        method: 'stripe',
        connectAccountId: transfer.accountId,
        ...(transfer.transferId ? { transferId: transfer.transferId } : {}),
        purchaseId: transfer.purchaseId,
        ...(moved.courseId ? { courseId: moved.courseId } : {}),
        createdAt: now,
        availableAt: movedAvailable > now ? movedAvailable : now,
      });
      return entry;
    },

    /**
     * The refund of a sale: the share and the fee both reversed. A refund that arrives before its
     * sale (out of order, or a crash in between) records the sale first. It takes the money from
     * where the sale's is: pending while the sale is, available after (a negative available balance
     * when it was already paid out, which later sales repay).
     */
    async recordRefund(sale: SaleEvent): Promise<LedgerEntryDoc | null> {
      if (!counts(sale)) return null;
      const key = `refund:${sale.purchaseId}`;
      const existing = await entries.findOne({ key });
      if (existing) return existing;
      const sold = await service.recordSale(sale);
      if (!sold) return null;
      const at = sale.refundedAt ?? clock.now();
      const saleAvailable = new Date(sold.availableAt);
      const { entry } = await appendOnce({
        _id: newId(),
        key,
        educatorId: sold.educatorId,
        kind: 'refund',
        amount: -sold.amount,
        gross: -(sold.gross ?? 0),
        fee: -(sold.fee ?? 0),
        purchaseId: sale.purchaseId,
        courseId: sale.courseId,
        createdAt: at,
        availableAt: saleAvailable > at ? saleAvailable : at,
      });
      return entry;
    },

    /** An admin's correction (either sign): available at once. Repeating `requestKey` writes it once. */
    async adjust(
      educatorId: string,
      input: { amount: number; reason: string; requestKey?: string },
      by: string,
    ): Promise<{ entry: LedgerEntryDoc; written: boolean }> {
      const now = clock.now();
      const result = await appendOnce({
        _id: newId(),
        key: `adjustment:${educatorId}:${input.requestKey ?? newId()}`,
        educatorId,
        kind: 'adjustment',
        amount: input.amount,
        reason: input.reason,
        by,
        createdAt: now,
        availableAt: now,
      });
      return result as { entry: LedgerEntryDoc; written: boolean };
    },

    /** The educator's payout entry of this run, if it was written. */
    payoutEntry: (runId: string, educatorId: string) => entries.findOne({ key: `payout:${runId}:${educatorId}` }),

    /** Every payout entry of a run. */
    payoutsOfRun: (runId: string) => entries.find({ runId, kind: 'payout' }),

    /**
     * Pays the educator what is available: the entries available by `cutoff` (and by now), less
     * what was paid out before, never more than is available at this moment. One entry per run and
     * educator (its key); and of two runs that read the same balance at once only one pays (the
     * `payoutSeq` index). Null when nothing is paid.
     */
    async appendPayout(educatorId: string, runId: string, cutoff: Date): Promise<LedgerEntryDoc | null> {
      const key = `payout:${runId}:${educatorId}`;
      const existing = await entries.findOne({ key });
      if (existing) return existing;
      const now = clock.now();
      const list = await mine(educatorId);
      const until = Math.min(cutoff.getTime(), now.getTime());
      let availableNow = 0;
      let availableByCutoff = 0;
      let payouts = 0;
      for (const entry of list) {
        const at = new Date(entry.availableAt).getTime();
        // The run payouts only: a Stripe transfer (#36) arriving between two runs' reads must not
        // give them different sequence numbers (and so let both pay).
        if (entry.kind === 'payout' && entry.runId) payouts += 1;
        if (at <= now.getTime()) availableNow += entry.amount;
        if (entry.kind === 'payout' || at <= until) availableByCutoff += entry.amount;
      }
      const amount = Math.min(availableNow, availableByCutoff);
      if (amount <= 0) return null;
      const { entry } = await appendOnce({
        _id: newId(),
        key,
        payoutSeq: `${educatorId}:${payouts + 1}`,
        educatorId,
        kind: 'payout',
        amount: -amount,
        runId,
        createdAt: now,
        availableAt: now,
      });
      // Null when another run paid this educator in between (its payoutSeq won).
      return entry;
    },

    async balanceOf(educatorId: string): Promise<Balance> {
      return balanceOfEntries(await mine(educatorId), clock.now());
    },

    /** Every educator with entries and their balance (the admin's overview, the payout run's candidates). */
    async balances(): Promise<Map<string, Balance>> {
      const all = await entries.find({}, { projection: { educatorId: 1, kind: 1, amount: 1, availableAt: 1 } });
      const byEducator = new Map<string, LedgerEntryDoc[]>();
      for (const entry of all) {
        const list = byEducator.get(entry.educatorId) ?? [];
        list.push(entry);
        byEducator.set(entry.educatorId, list);
      }
      const now = clock.now();
      return new Map([...byEducator].map(([id, list]) => [id, balanceOfEntries(list, now)]));
    },

    /** The educator's entries, newest first, `LEDGER_PAGE_SIZE` a page after `cursor`. */
    async page(educatorId: string, cursor?: string, limit = LEDGER_PAGE_SIZE): Promise<LedgerPage> {
      const after = cursor ? decodeCursor(cursor) : null;
      const filter = after
        ? {
            educatorId,
            $or: [{ createdAt: { $lt: after.at } }, { createdAt: after.at, _id: { $lt: after.id } }],
          }
        : { educatorId };
      const list = await entries.find(filter, { sort: { createdAt: -1, _id: -1 }, limit: limit + 1 });
      const shown = list.slice(0, limit);
      const last = shown.at(-1);
      // The courses' titles now, one batch lookup for the page (a renamed course shows its new title).
      const titles = await courses.titles(shown.flatMap((e) => (e.courseId ? [e.courseId] : [])));
      return {
        entries: shown.map((doc) =>
          doc.courseId ? { ...publicEntry(doc), courseTitle: titles.get(doc.courseId) ?? null } : publicEntry(doc),
        ),
        nextCursor: list.length > limit && last ? encodeCursor(last) : null,
      };
    },

    /** The educator's entries written in [from, to), oldest first (a statement). */
    between: (educatorId: string, from: Date, to: Date) =>
      entries.find({ educatorId, createdAt: { $gte: from, $lt: to } }, { sort: { createdAt: 1, _id: 1 } }),

    courseTitles: (ids: readonly string[]) => courses.titles(ids),

    async platformFee(): Promise<PlatformFee> {
      const platform = await fees.findOne({ _id: 'platform' });
      return {
        percent: percentOf(platform?.basisPoints ?? options.defaultFeeBasisPoints),
        updatedAt: platform ? new Date(platform.updatedAt).toISOString() : null,
      };
    },

    async setPlatformFee(percent: number, by: string): Promise<PlatformFee> {
      const doc: Omit<FeeSettingDoc, '_id'> = { basisPoints: basisPointsOf(percent), updatedAt: clock.now(), by };
      await fees.updateOne({ _id: 'platform' }, { $set: doc }, { upsert: true });
      return service.platformFee();
    },

    /** The educator's own fee (percent), or null to take the platform's again. */
    async setEducatorFee(educatorId: string, percent: number | null, by: string): Promise<void> {
      if (percent === null) await fees.deleteOne({ _id: `educator:${educatorId}` });
      else
        await fees.updateOne(
          { _id: `educator:${educatorId}` },
          { $set: { basisPoints: basisPointsOf(percent), updatedAt: clock.now(), by } },
          { upsert: true },
        );
    },

    /** The fee new sales of this educator are charged, percent. */
    feePercent: async (educatorId: string) => percentOf(await feeBasisPoints(educatorId)),

    /** Every educator's own fee, percent. */
    async feeOverrides(): Promise<Map<string, number>> {
      const list = await fees.find({ _id: { $ne: 'platform' } });
      return new Map(list.map((doc) => [doc._id.slice('educator:'.length), percentOf(doc.basisPoints)]));
    },
  };
  return service;
}
export type LedgerService = ReturnType<typeof ledgerService>;
