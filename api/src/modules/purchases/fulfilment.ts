import type { Clock } from '../../clock.js';
import type { PaymentGateway } from '../../payments/index.js';
import { ConflictError, type Store } from '../../store/index.js';
import type { CertificatesService } from '../certificates/index.js';
import type { CouponSettlement, CouponUses, HeldCoupon } from '../coupons/index.js';
import type { EnrollmentsService } from '../enrollments/index.js';
import type { SaleEvent, SalesLedger } from '../ledger/index.js';
import { type PurchaseDoc, purchasesRepository } from './repository.js';

export const purchaseKey = (purchase: Pick<PurchaseDoc, 'userId' | 'courseId'>) =>
  `${purchase.userId}:${purchase.courseId}`;

/** Pending checkouts younger than this are the buyer's to finish; older ones are checked by reconciliation. */
const RECONCILE_PENDING_AFTER_MS = 2 * 60_000;
const RECONCILE_BATCH = 200;
/** A checkout the gateway says is still open is not asked about again for this long. */
const RECHECK_OPEN_AFTER_MS = 10 * 60_000;

export interface FulfilmentOptions {
  enrollments: EnrollmentsService;
  /** A refund revokes the course's certificate (when the refund took the course away). */
  certificates: Pick<CertificatesService, 'revokeUnlessEnrolled'>;
  /** The coupon uses a purchase holds, settled as its state changes. */
  couponUses: CouponUses;
  gateway: PaymentGateway;
  /** Runs once per purchase, when its fulfilment finishes (the receipt). */
  onFulfilled?: (purchase: PurchaseDoc) => Promise<void>;
  /**
   * The educators' ledger (#36): a completed purchase is recorded as a sale before `fulfilledAt`,
   * a refund before `revokedAt`, so reconciliation repeats a write a crash cut off (the ledger
   * stores each once).
   */
  ledger?: SalesLedger;
}

/** The purchase as the ledger records it. */
export function saleOf(purchase: PurchaseDoc): SaleEvent {
  return {
    purchaseId: purchase._id,
    educatorId: purchase.educatorId,
    courseId: purchase.courseId,
    amount: purchase.amount,
    ...(purchase.listAmount !== undefined ? { listAmount: purchase.listAmount } : {}),
    ...(purchase.coupon ? { couponCode: (purchase.coupon as { code: string }).code } : {}),
    simulated: purchase.simulated === true,
    completedAt: purchase.completedAt ?? purchase.createdAt,
    ...(purchase.refundedAt ? { refundedAt: purchase.refundedAt } : {}),
    ...(purchase.feeBasisPoints !== undefined ? { feeBasisPoints: purchase.feeBasisPoints } : {}),
    ...(purchase.connectAccountId ? { connectAccountId: purchase.connectAccountId } : {}),
  };
}

/**
 * The single way a purchase is completed, refunded or finished after a crash. Every step is a
 * conditional update or idempotent, so any call may be repeated, in any order, from any process:
 * - completing sets `completedKey`, whose unique index allows one completed purchase per buyer
 *   and course: a second payment for an owned course is refunded, never enrolled;
 * - `fulfilledAt` and `revokedAt` mark the last step of fulfilment and of a refund, so
 *   `reconcile` finds and finishes whatever a crash interrupted (a refund's last steps: the
 *   enrollment removed, the certificate revoked).
 */
export function fulfilment(
  store: Store,
  clock: Clock,
  { enrollments, certificates, couponUses: uses, gateway, onFulfilled, ledger }: FulfilmentOptions,
) {
  const purchases = purchasesRepository(store);
  /** How a purchase's coupon use ended, set by the very update that changes its status (so once). */
  const couponEnd = (purchase: PurchaseDoc, state: CouponSettlement) => (purchase.coupon ? { couponState: state } : {});
  /** Applies the purchase's coupon state to the coupon, then marks it applied (see `couponUses`). */
  async function settleCoupon(purchase: PurchaseDoc | null, state: CouponSettlement): Promise<void> {
    if (!purchase?.coupon || purchase.couponState !== state) return;
    await uses.settle(purchase.coupon as HeldCoupon, purchase._id, state);
    await purchases.updateOne({ _id: purchase._id, couponState: state }, { $set: { couponSettledAt: clock.now() } });
  }

  async function finishFulfilment(purchase: PurchaseDoc): Promise<void> {
    await enrollments.enroll(purchase.userId, purchase.courseId, purchase._id);
    await ledger?.recordSale(saleOf(purchase));
    const finished = await purchases.findOneAndUpdate(
      { _id: purchase._id, status: 'completed', fulfilledAt: { $exists: false } },
      { $set: { fulfilledAt: clock.now() }, $unset: { fulfilmentDue: true } },
    );
    if (finished) await onFulfilled?.(finished);
  }

  async function finishRefund(purchase: PurchaseDoc): Promise<void> {
    await enrollments.revoke(purchase.userId, purchase.courseId, purchase._id);
    // Before `revokedAt`, so that a crash in between is finished by reconciliation like the enrollment.
    await certificates.revokeUnlessEnrolled(purchase.userId, purchase.courseId);
    await ledger?.recordRefund(saleOf(purchase));
    await purchases.updateOne({ _id: purchase._id, status: 'refunded' }, { $set: { revokedAt: clock.now() } });
  }

  /** This buyer already owns the course through another purchase: give this payment back. */
  async function refundSecondPayment(purchase: PurchaseDoc, paymentId: string | undefined): Promise<void> {
    if (purchase.gateway === gateway.name) {
      await gateway.refund({
        gatewaySessionId: purchase.gatewaySessionId,
        paymentId: paymentId ?? purchase.paymentId,
        connectAccountId: purchase.connectAccountId,
      });
    }
    const at = clock.now();
    const refunded = await purchases.findOneAndUpdate(
      { _id: purchase._id, status: 'pending' },
      {
        $set: {
          status: 'refunded',
          refundReason: 'duplicate-payment',
          refundedAt: at,
          revokedAt: at,
          ...(paymentId ? { paymentId } : {}),
          ...couponEnd(purchase, 'released'),
        },
        $unset: { openKey: true },
      },
    );
    await settleCoupon(refunded, 'released');
  }

  const api = {
    /** Completes a paid purchase and enrolls its buyer; finishes one an earlier call left half done. */
    async fulfil(purchaseId: string, paymentId?: string): Promise<PurchaseDoc | null> {
      let purchase = await purchases.findOne({ _id: purchaseId });
      if (!purchase) return null;
      if (purchase.status === 'pending') {
        const pending = purchase;
        try {
          const completed = await purchases.findOneAndUpdate(
            { _id: purchaseId, status: 'pending' },
            {
              $set: {
                status: 'completed',
                completedAt: clock.now(),
                completedKey: purchaseKey(pending),
                fulfilmentDue: true,
                ...(paymentId ? { paymentId } : {}),
                ...couponEnd(pending, 'used'),
              },
              $unset: { openKey: true },
            },
          );
          // Only the call whose update completed it counts the coupon's use.
          await settleCoupon(completed, 'used');
          purchase = completed ?? (await purchases.findOne({ _id: purchaseId }));
        } catch (error) {
          if (!(error instanceof ConflictError)) throw error;
          await refundSecondPayment(pending, paymentId);
          return null;
        }
      }
      if (purchase?.status !== 'completed') return null;
      if (!purchase.fulfilledAt) await finishFulfilment(purchase);
      return purchase;
    },

    async expire(purchaseId: string): Promise<void> {
      const pending = await purchases.findOne({ _id: purchaseId, status: 'pending' }, { projection: { coupon: 1 } });
      if (!pending) return;
      const expired = await purchases.findOneAndUpdate(
        { _id: purchaseId, status: 'pending' },
        { $set: { status: 'expired', ...couponEnd(pending, 'released') }, $unset: { openKey: true } },
      );
      await settleCoupon(expired, 'released');
    },

    /**
     * Marks a completed purchase refunded (after the gateway gave the money back, when
     * `viaGateway`) and removes the enrollment. Repeating it finishes an interrupted one.
     */
    async refund(purchase: PurchaseDoc, reason: 'admin' | 'gateway', viaGateway: boolean): Promise<PurchaseDoc> {
      if (purchase.status === 'completed') {
        if (viaGateway && purchase.gateway === 'stripe') await gateway.refund(purchase);
        const refunded = await purchases.findOneAndUpdate(
          { _id: purchase._id, status: 'completed' },
          {
            $set: {
              status: 'refunded',
              refundReason: reason,
              refundedAt: clock.now(),
              ...couponEnd(purchase, 'returned'),
            },
            $unset: { completedKey: true, couponSettledAt: true, fulfilmentDue: true },
          },
        );
        if (refunded) {
          // A refunded sale gives its coupon use back (see couponUses).
          await settleCoupon(refunded, 'returned');
          await finishRefund(refunded);
          return refunded;
        }
        purchase = (await purchases.findOne({ _id: purchase._id })) ?? purchase;
      }
      if (purchase.status === 'refunded' && !purchase.revokedAt) await finishRefund(purchase);
      return purchase;
    },

    /**
     * Finishes what crashes interrupted: completed purchases not yet enrolled, refunds whose
     * enrollment is still there, and pending checkouts the gateway says were paid or expired.
     * `userId` limits it to one buyer (on read); without it, a bounded batch of each. The minutely
     * run finds unfulfilled purchases by their `fulfilmentDue` marker; `everything` (at start) looks
     * at every completed purchase, which also finishes any completed before the marker existed.
     */
    async reconcile(userId?: string, { everything = false }: { everything?: boolean } = {}): Promise<number> {
      const mine = userId ? { userId } : {};
      let finished = 0;
      const unfulfilled =
        userId || everything
          ? { ...mine, status: 'completed', fulfilledAt: { $exists: false } }
          : { fulfilmentDue: true, status: 'completed', fulfilledAt: { $exists: false } };
      for (const purchase of await purchases.find(unfulfilled, { limit: RECONCILE_BATCH })) {
        await finishFulfilment(purchase);
        finished += 1;
      }
      for (const purchase of await purchases.find(
        { ...mine, status: 'refunded', revokedAt: { $exists: false } },
        { limit: RECONCILE_BATCH },
      )) {
        await finishRefund(purchase);
        finished += 1;
      }
      const stale = new Date(clock.now().getTime() - RECONCILE_PENDING_AFTER_MS);
      // A free course is fulfilled right after its purchase is written; a crash in between leaves it pending.
      for (const purchase of await purchases.find(
        { ...mine, status: 'pending', gateway: 'free', createdAt: { $lte: stale } },
        { limit: RECONCILE_BATCH },
      )) {
        // Free through a coupon whose use it never got (the crash came first): never given away.
        const held = purchase.coupon as HeldCoupon | undefined;
        if (held && !(await uses.holds(held, purchase._id))) await api.expire(purchase._id);
        else await api.fulfil(purchase._id);
        finished += 1;
      }
      // A paid purchase that never got its checkout (a crash, or the gateway down) cannot have been paid.
      for (const purchase of await purchases.find(
        {
          ...mine,
          status: 'pending',
          gateway: { $ne: 'free' },
          gatewaySessionId: { $exists: false },
          createdAt: { $lte: stale },
        },
        { limit: RECONCILE_BATCH },
      )) {
        await api.expire(purchase._id);
        finished += 1;
      }
      // Abandoned checkouts stay open for a while (a day on Stripe): each is asked about again only
      // every few minutes, so they neither cost a gateway call a minute nor crowd newer ones out of the batch.
      const recheck = new Date(clock.now().getTime() - RECHECK_OPEN_AFTER_MS);
      for (const purchase of await purchases.find(
        {
          ...mine,
          status: 'pending',
          gatewaySessionId: { $exists: true },
          createdAt: { $lte: stale },
          $or: [{ checkedAt: { $exists: false } }, { checkedAt: { $lte: recheck } }],
        },
        { limit: RECONCILE_BATCH },
      )) {
        const session = await gateway.retrieve(purchase.gatewaySessionId as string);
        if (session.paid) await api.fulfil(purchase._id, session.paymentId);
        else if (session.status === 'expired') await api.expire(purchase._id);
        else {
          await purchases.updateOne({ _id: purchase._id, status: 'pending' }, { $set: { checkedAt: clock.now() } });
          continue;
        }
        finished += 1;
      }
      // Coupon uses whose purchase ended but whose coupon was not told (a crash in between).
      for (const purchase of await purchases.find(
        {
          ...mine,
          couponState: { $in: ['used', 'released', 'returned'] },
          couponSettledAt: { $exists: false },
        },
        { limit: RECONCILE_BATCH },
      )) {
        await settleCoupon(purchase, purchase.couponState as CouponSettlement);
        finished += 1;
      }
      return finished;
    },
  };
  return api;
}
export type Fulfilment = ReturnType<typeof fulfilment>;
