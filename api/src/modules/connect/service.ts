import type {
  AdminConnectAccount,
  AdminConnectAccountsPage,
  ConnectAccount,
  ConnectLink,
  StripePayout,
} from '@courseport/contracts';
import type Stripe from 'stripe';
import type { Clock } from '../../clock.js';
import { conflict, HttpError } from '../../http/errors.js';
import {
  accountStateOf,
  type ConnectAccountState,
  type ConnectGateway,
  type DestinationCharge,
  GatewayUnavailableError,
} from '../../payments/index.js';
import { ConflictError, type Store } from '../../store/index.js';
import type { LedgerService } from '../ledger/index.js';
import { userRecords } from '../users/index.js';
import {
  type ConnectAccountDoc,
  connectAccountsRepository,
  connectEventsRepository,
  type StripePayoutDoc,
  stripePayoutsRepository,
} from './repository.js';

export const CONNECT_UNAVAILABLE =
  'Stripe Connect is not available here: payouts are made by the platform from your balance';
export const STRIPE_DOWN = 'Stripe is unavailable right now. Please try again in a moment.';
/** A transfer event whose sale is not recorded yet: answered non-2xx, so Stripe delivers it again later. */
export const SALE_NOT_RECORDED = 'The sale of this transfer is not recorded yet; deliver the event again later';

export interface ConnectOptions {
  /** Stripe Connect, in Stripe mode; absent in local mode (nothing changes: local payout runs pay). */
  gateway?: ConnectGateway | undefined;
  ledger: Pick<LedgerService, 'feeFor' | 'recordTransfer' | 'recordTransferReversal'>;
  /** Where the onboarding link returns to (the educator portal's earnings page). */
  appOrigin: string;
}

/**
 * How long a handled Connect event is remembered (#36): Stripe retries a webhook for up to 3 days,
 * so a redelivery always finds its record; older ones are pruned (`pruneEvents`). An event
 * delivered again after that is simply applied again, which changes nothing (each step is
 * idempotent: the ledger's keys, the newer-only state updates); the record only answers it sooner.
 */
export const CONNECT_EVENT_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

/** What a webhook event did: applied, already handled (a redelivery), or of no concern to us. */
export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

const stripeTime = (date: Date) => Math.floor(date.getTime() / 1000);

/** An account's state as the educator's and the admin's views show it. */
const accountView = (doc: ConnectAccountDoc) => ({
  accountId: doc.accountId,
  detailsSubmitted: doc.detailsSubmitted,
  chargesEnabled: doc.chargesEnabled,
  payoutsEnabled: doc.payoutsEnabled,
  currentlyDue: doc.currentlyDue,
  disabledReason: doc.disabledReason,
  updatedAt: new Date(doc.updatedAt).toISOString(),
});

/**
 * Stripe Connect Express for educators (#36): onboarding (an Express account per educator, account
 * links), the account's state (from `account.updated`), destination charges' routing and fee, and
 * the connected accounts' money events: transfers (ledger entries, through the ledger) and payouts
 * (records). Every event is applied idempotently (keys, conditional updates), then remembered by id.
 */
export function connectService(store: Store, clock: Clock, { gateway, ledger, appOrigin }: ConnectOptions) {
  const accounts = connectAccountsRepository(store);
  const payouts = stripePayoutsRepository(store);
  const events = connectEventsRepository(store);
  const users = userRecords(store);

  const stripeDown = (error: unknown): never => {
    if (error instanceof GatewayUnavailableError) throw new HttpError(503, STRIPE_DOWN);
    throw error;
  };

  /** Writes a newer state over an older one only (`stateAt`), so a late event never undoes a newer one. */
  async function applyState(accountId: string, state: ConnectAccountState, at: number): Promise<void> {
    await accounts.updateOne(
      { accountId, stateAt: { $lte: at } },
      { $set: { ...state, stateAt: at, updatedAt: clock.now() } },
    );
  }

  async function onTransfer(transfer: Stripe.Transfer, reversed: boolean): Promise<EventOutcome> {
    const purchaseId = transfer.transfer_group;
    const accountId = typeof transfer.destination === 'string' ? transfer.destination : transfer.destination?.id;
    // Not one of our destination charges' transfers (they carry the purchase as their group).
    if (!purchaseId || !accountId) return 'ignored';
    const input = { purchaseId, accountId, transferId: transfer.id };
    if (reversed) {
      // Partial reversals (partial refunds) keep the sale: the ledger records full refunds only.
      if (transfer.amount_reversed < transfer.amount) return 'ignored';
      if (!(await ledger.recordTransferReversal(input))) throw conflict(SALE_NOT_RECORDED);
    } else if (!(await ledger.recordTransfer(input))) throw conflict(SALE_NOT_RECORDED);
    return 'applied';
  }

  async function onPayout(payout: Stripe.Payout, accountId: string | undefined, at: number): Promise<EventOutcome> {
    if (!accountId) return 'ignored';
    const account = await accounts.findOne({ accountId });
    if (!account) return 'ignored';
    const status = payout.status === 'failed' ? 'failed' : 'paid';
    const doc: StripePayoutDoc = {
      _id: payout.id,
      educatorId: account._id,
      accountId,
      amount: payout.amount,
      currency: payout.currency,
      status,
      arrivalDate: new Date(payout.arrival_date * 1000),
      ...(payout.failure_message ? { failureMessage: payout.failure_message } : {}),
      stateAt: at,
    };
    try {
      await payouts.insertOne(doc);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      // Known: a newer event's status wins (a payout can fail after it was reported paid).
      const { _id, ...state } = doc;
      await payouts.updateOne({ _id, stateAt: { $lte: at } }, { $set: state });
    }
    return 'applied';
  }

  const service = {
    /** Whether this deployment offers Connect (Stripe mode). */
    available: Boolean(gateway),

    /**
     * Creates the educator's Express account the first time (Stripe's idempotency key and the
     * unique `_id` make racing calls end with one), then a fresh onboarding link for it.
     */
    async start(educatorId: string, email: string | undefined): Promise<ConnectLink> {
      if (!gateway) throw conflict(CONNECT_UNAVAILABLE);
      let doc = await accounts.findOne({ _id: educatorId });
      if (!doc) {
        const created = await gateway
          .createAccount({ educatorId, email, idempotencyKey: `connect-account-${educatorId}` })
          .catch(stripeDown);
        const now = clock.now();
        const fresh: ConnectAccountDoc = {
          _id: educatorId,
          accountId: created.id,
          ...created.state,
          stateAt: 0,
          createdAt: now,
          updatedAt: now,
        };
        try {
          doc = await accounts.insertOne(fresh);
        } catch (error) {
          if (!(error instanceof ConflictError)) throw error;
          doc = await accounts.findOne({ _id: educatorId });
          if (!doc) throw error;
        }
      }
      const earnings = `${appOrigin}/educator/earnings`;
      const link = await gateway
        .accountLink(doc.accountId, {
          refreshUrl: `${earnings}?connect=refresh`,
          returnUrl: `${earnings}?connect=return`,
        })
        .catch(stripeDown);
      return { url: link.url, expiresAt: link.expiresAt.toISOString() };
    },

    /** The educator's account as they see it (never anyone else's: the caller's id is the key). */
    async account(educatorId: string): Promise<ConnectAccount> {
      const doc = await accounts.findOne({ _id: educatorId });
      if (!doc) return { connected: false, available: Boolean(gateway) };
      const list = await payouts.find({ educatorId }, { sort: { arrivalDate: -1 }, limit: 20 });
      return {
        connected: true,
        available: Boolean(gateway),
        ...accountView(doc),
        stripePayouts: list.map(
          (p): StripePayout => ({
            id: p._id,
            amount: p.amount,
            status: p.status,
            arrivalDate: new Date(p.arrivalDate).toISOString(),
            ...(p.failureMessage ? { failureMessage: p.failureMessage } : {}),
          }),
        ),
      };
    },

    /**
     * The admin's view (#36): every educator, in id order, a bounded page after `cursor` (the last
     * educator's id), each with their Connect account's state (one `$in` lookup a page): `none`,
     * `details_due` (with what is due) or `payouts_enabled`. Nothing to list in local mode.
     */
    async adminPage(cursor: string | undefined, limit: number): Promise<AdminConnectAccountsPage> {
      if (!gateway) return { available: false, accounts: [], nextCursor: null };
      const educators = await users.educatorsAfter(cursor, limit + 1);
      const shown = educators.slice(0, limit);
      const docs = shown.length ? await accounts.find({ _id: { $in: shown.map((u) => u._id) } }) : [];
      const byEducator = new Map(docs.map((doc) => [doc._id, doc]));
      return {
        available: true,
        accounts: shown.map((user): AdminConnectAccount => {
          const doc = byEducator.get(user._id);
          if (!doc) return { educatorId: user._id, name: user.name, state: 'none' };
          return {
            educatorId: user._id,
            name: user.name,
            state: doc.payoutsEnabled ? 'payouts_enabled' : 'details_due',
            ...accountView(doc),
          };
        }),
        nextCursor: educators.length > limit ? (shown.at(-1)?._id ?? null) : null,
      };
    },

    /** Asks Stripe for the account's state now (the return from onboarding), newer than any event so far. */
    async refresh(educatorId: string): Promise<ConnectAccount> {
      const doc = await accounts.findOne({ _id: educatorId });
      if (doc && gateway) {
        const state = await gateway.retrieveAccount(doc.accountId).catch(stripeDown);
        await applyState(doc.accountId, state, stripeTime(clock.now()));
      }
      return service.account(educatorId);
    },

    /**
     * A checkout's destination charge: the educator's account when it takes charges, with the
     * application fee = the ledger's fee for the sale (the same function and rate), else null.
     */
    async destinationFor(educatorId: string, amount: number): Promise<DestinationCharge | null> {
      if (!gateway) return null;
      const doc = await accounts.findOne({ _id: educatorId });
      if (!doc?.chargesEnabled) return null;
      const { basisPoints, fee } = await ledger.feeFor(educatorId, amount);
      return { destination: doc.accountId, applicationFee: fee, feeBasisPoints: basisPoints };
    },

    /**
     * Forgets the handled events received more than `retentionDays` ago: one `deleteMany` on the
     * `receivedAt` index, so replicas sweeping at once only share the work (a TTL index would do on
     * MongoDB, but FerretDB and NeDB have none). Returns how many it deleted.
     */
    pruneEvents(retentionDays = CONNECT_EVENT_RETENTION_DAYS): Promise<number> {
      return events.deleteMany({ receivedAt: { $lt: new Date(clock.now().getTime() - retentionDays * DAY_MS) } });
    },

    /**
     * A verified webhook event: `account.updated` (the state, newer only), `transfer.created` and
     * `transfer.reversed` (ledger entries keyed by the purchase), `payout.paid` and `payout.failed`
     * (records). Applied idempotently, then remembered by id, so a redelivery is answered at once;
     * an event whose sale is not recorded yet is refused (409) for Stripe to deliver again.
     */
    async handle(event: Stripe.Event): Promise<EventOutcome> {
      if (await events.findOne({ _id: event.id })) return 'duplicate';
      let outcome: EventOutcome = 'ignored';
      switch (event.type) {
        case 'account.updated': {
          const account = event.data.object;
          await applyState(account.id, accountStateOf(account), event.created);
          outcome = 'applied';
          break;
        }
        case 'transfer.created':
          outcome = await onTransfer(event.data.object, false);
          break;
        case 'transfer.reversed':
          outcome = await onTransfer(event.data.object, true);
          break;
        case 'payout.paid':
        case 'payout.failed':
          outcome = await onPayout(event.data.object, event.account, event.created);
          break;
        default:
          break;
      }
      try {
        await events.insertOne({ _id: event.id, type: event.type, receivedAt: clock.now() });
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
      }
      return outcome;
    },
  };
  return service;
}
export type ConnectService = ReturnType<typeof connectService>;
