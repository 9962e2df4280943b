import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.js';
import type { Logger } from '../../logger.js';
import { type DestinationCharge, GatewayUnavailableError, type PaymentGateway } from '../../payments/index.js';
import { ConflictError, ID_PATTERN, newId, type Store } from '../../store/index.js';
import type { CertificatesService } from '../certificates/index.js';
import {
  amountInPaise,
  belowMinimumCharge,
  COUPON_BELOW_MINIMUM,
  type CouponsService,
  type CouponUses,
  type HeldCoupon,
  priceWithCoupon,
} from '../coupons/index.js';
import { COURSE_NOT_AVAILABLE, courseRecords } from '../courses/index.js';
import type { EnrollmentsService } from '../enrollments/index.js';
import type { SalesLedger } from '../ledger/index.js';
import { type Mailer, mails } from '../mail/index.js';
import { USER_NOT_FOUND, userRecords } from '../users/index.js';
import { fulfilment, purchaseKey } from './fulfilment.js';
import { type PurchaseDoc, purchasesRepository } from './repository.js';

export const ALREADY_ENROLLED = 'You are already enrolled in this course';
export const SECOND_PAYMENT_REFUNDED =
  'You already own this course, so this second payment has been refunded. You can keep learning as before.';
export const OPEN_CHECKOUT_OTHER_PRICE =
  'You already have a checkout open for this course at another price. Finish it, or start again once it expires, to use a different coupon.';
export const COUPON_GONE = 'This coupon has just been used up';
export const COURSE_BELOW_MINIMUM =
  'This course cannot be bought right now: its price is less than Rs 0.50, the smallest amount that can be charged';
const GATEWAY_DOWN = 'The payment service is unavailable right now. Please try again in a moment.';

/** The services below purchases that a purchase calls, given by the composition root. */
export interface PurchaseCollaborators {
  enrollments: EnrollmentsService;
  certificates: Pick<CertificatesService, 'revokeUnlessEnrolled'>;
  coupons: CouponsService;
  couponUses: CouponUses;
  /** The educators' ledger (#36): sales and refunds recorded as they complete. */
  ledger?: SalesLedger;
  /**
   * #36: Stripe Connect (a port compose.ts fills with the connect module): the educator's account
   * to charge to and the application fee, or null to charge the platform as before.
   */
  charges?: ChargeRouting;
}

/** Where a sale's money goes: a destination charge to the educator's Connect account, or null. */
export interface ChargeRouting {
  destinationFor(educatorId: string, amount: number): Promise<DestinationCharge | null>;
}

export function purchasesService(
  store: Store,
  clock: Clock,
  config: Config,
  gateway: PaymentGateway,
  mailer: Mailer,
  logger: Logger,
  { enrollments, certificates, coupons: couponsOf, couponUses: uses, ledger, charges }: PurchaseCollaborators,
) {
  const purchases = purchasesRepository(store);
  const users = userRecords(store);
  const courses = courseRecords(store);
  const fulfilments = fulfilment(store, clock, {
    enrollments,
    certificates,
    couponUses: uses,
    gateway,
    onFulfilled: sendReceipt,
    ledger,
  });
  const { fulfil, expire } = fulfilments;
  /**
   * Drops a purchase that never reached a checkout. A coupon use it held is given back first: a
   * crash in between leaves a pending purchase without a checkout, which reconciliation expires.
   */
  async function dropPending(purchase: PurchaseDoc): Promise<void> {
    if (purchase.coupon) await uses.settle(purchase.coupon as HeldCoupon, purchase._id, 'released');
    await purchases.deleteOne({ _id: purchase._id, status: 'pending' });
  }
  const defaultOrigin = new URL(config.publicAppUrl).origin;
  const returnUrl = (appOrigin: string, purchaseId: string) =>
    `${appOrigin}/loading/my-enrollments?purchaseId=${purchaseId}`;

  /** A receipt is a courtesy: failing to write one never undoes or fails the purchase. */
  async function sendReceipt(purchase: PurchaseDoc): Promise<void> {
    if (purchase.amount === 0) return;
    try {
      const [user, course] = await Promise.all([
        users.byId(purchase.userId, { email: 1, name: 1 }),
        courses.byId(purchase.courseId, { courseTitle: 1 }),
      ]);
      if (!user?.email || !course) return;
      await mailer.send(
        mails.receipt(user.email, user.name, {
          id: purchase._id,
          courseTitle: course.courseTitle,
          amount: `Rs ${(purchase.amount / 100).toFixed(2)}`,
          date: purchase.completedAt ?? clock.now(),
          simulated: purchase.simulated === true,
          link: `${defaultOrigin}/player/${purchase.courseId}`,
        }),
      );
    } catch (error) {
      logger.error({ err: error, purchaseId: purchase._id }, 'writing the receipt failed');
    }
  }

  const owned = (userId: string, courseId: string) =>
    purchases.findOne({ completedKey: purchaseKey({ userId, courseId }) }, { projection: { _id: 1 } });

  async function openPurchase(userId: string, courseId: string): Promise<PurchaseDoc | null> {
    const open = await purchases.findOne({ openKey: purchaseKey({ userId, courseId }) });
    if (!open?.gatewaySessionId) return open;
    const session = await gateway.retrieve(open.gatewaySessionId);
    if (session.status === 'open') return open;
    if (session.paid) await fulfil(open._id, session.paymentId);
    else await expire(open._id);
    return session.paid ? { ...open, status: 'completed' } : null;
  }

  const courseTitles = (ids: string[]): Promise<Map<string, string>> => courses.titles(ids);

  const verifyRefused = (purchase: PurchaseDoc) =>
    new HttpError(
      409,
      purchase.refundReason === 'duplicate-payment' ? SECOND_PAYMENT_REFUNDED : 'This purchase has been refunded.',
    );

  return {
    /** Starts (or resumes) a checkout; the amount is the server's. Returns where to send the buyer. */
    async purchase(
      userId: string,
      email: string | undefined,
      courseId: string,
      appOrigin = defaultOrigin,
      couponCode?: string,
    ): Promise<string> {
      const user = await users.byId(userId);
      if (!user) throw notFound(USER_NOT_FOUND);
      // A draft is a 404 (nobody could have seen it); an unpublished or archived course a 409.
      const course = await couponsOf.purchasable(courseId);
      if (
        user.enrolledCourses.includes(courseId) ||
        course.enrolledStudents.includes(userId) ||
        (await owned(userId, courseId))
      )
        throw conflict(ALREADY_ENROLLED);

      const existing = await openPurchase(userId, courseId);
      if (existing?.status === 'completed') throw conflict(ALREADY_ENROLLED);
      if (existing?.checkoutUrl) {
        // The open checkout's price stands: reused only for the same coupon (or none).
        if ((existing.coupon as HeldCoupon | undefined)?.code === couponCode) return existing.checkoutUrl;
        throw conflict(OPEN_CHECKOUT_OTHER_PRICE);
      }
      const coupon = couponCode === undefined ? null : await couponsOf.applicable(courseId, couponCode);

      const base = amountInPaise(course.coursePrice, course.discount);
      const amount = coupon ? priceWithCoupon(base, coupon) : base;
      // The gateway would refuse it (Stripe: less than ₹0.50): said here, before anything is written.
      if (belowMinimumCharge(amount)) throw coupon ? badRequest(COUPON_BELOW_MINIMUM) : conflict(COURSE_BELOW_MINIMUM);
      // #36: through Stripe, an educator whose Connect account takes charges is paid by a destination charge.
      const connect =
        amount > 0 && gateway.name === 'stripe' ? await charges?.destinationFor(course.educator._id, amount) : null;
      const purchase: PurchaseDoc = {
        _id: newId(),
        userId,
        courseId,
        educatorId: course.educator._id,
        amount,
        currency: 'INR',
        status: 'pending',
        createdAt: clock.now(),
        gateway: amount === 0 ? 'free' : gateway.name,
        ...(amount > 0 && gateway.name === 'local' ? { simulated: true } : {}),
        openKey: purchaseKey({ userId, courseId }),
        ...(connect
          ? {
              connectAccountId: connect.destination,
              applicationFee: connect.applicationFee,
              feeBasisPoints: connect.feeBasisPoints,
            }
          : {}),
        ...(coupon
          ? {
              coupon: { id: coupon._id, code: coupon.code, limited: coupon.maxUses !== undefined },
              couponState: 'held' as const,
              listAmount: base,
            }
          : {}),
      };
      try {
        await purchases.insertOne(purchase);
      } catch (error) {
        // A concurrent click created it first: send the buyer to that one.
        if (!(error instanceof ConflictError)) throw error;
        const winner = await purchases.findOne({ openKey: purchase.openKey });
        if (winner?.checkoutUrl) return winner.checkoutUrl;
        throw conflict('Your checkout is being prepared. Please try again in a moment.');
      }
      // The purchase exists before its coupon use is reserved (see couponUses): none left, no discount.
      if (coupon && !(await uses.reserve(coupon, purchase._id, clock.now()))) {
        await purchases.deleteOne({ _id: purchase._id, status: 'pending' });
        throw conflict(COUPON_GONE);
      }

      // Completed between our check and our insert (a racing verify): this one is not needed.
      if (await owned(userId, courseId)) {
        await dropPending(purchase);
        throw conflict(ALREADY_ENROLLED);
      }
      // Taken off sale (or being deleted) since we read it: the educator's side checks purchases
      // after its own write, we check the course after ours, so one of us always sees the other.
      if (!(await courses.publishedById(courseId, { _id: 1 }))) {
        await dropPending(purchase);
        throw conflict(COURSE_NOT_AVAILABLE);
      }
      if (amount === 0) {
        if (!(await fulfil(purchase._id))) throw conflict(ALREADY_ENROLLED);
        return returnUrl(appOrigin, purchase._id);
      }
      try {
        const session = await gateway.createCheckout({
          purchaseId: purchase._id,
          userId,
          courseId,
          courseTitle: course.courseTitle,
          amount,
          successUrl: returnUrl(appOrigin, purchase._id),
          cancelUrl: `${appOrigin}/course/${courseId}`,
          customerEmail: email,
          appOrigin,
          connect: connect ?? undefined,
        });
        await purchases.updateOne(
          { _id: purchase._id },
          { $set: { gatewaySessionId: session.sessionId, checkoutUrl: session.url } },
        );
        return session.url;
      } catch (error) {
        await dropPending(purchase);
        if (error instanceof GatewayUnavailableError) throw new HttpError(503, GATEWAY_DOWN);
        throw error;
      }
    },

    /** The return page's check: only the buyer may ask, and only a paid checkout enrolls. */
    async verify(userId: string, purchaseId: string): Promise<void> {
      const purchase = ID_PATTERN.test(purchaseId) ? await purchases.findOne({ _id: purchaseId, userId }) : null;
      if (!purchase) throw notFound('Purchase not found');
      if (purchase.status === 'completed') {
        await fulfil(purchase._id);
        return;
      }
      if (purchase.status === 'refunded') throw verifyRefused(purchase);
      if (purchase.status !== 'pending' || !purchase.gatewaySessionId) {
        throw new HttpError(409, 'This checkout has expired. Please start the purchase again.');
      }
      const session = await gateway.retrieve(purchase.gatewaySessionId).catch((error: unknown) => {
        if (error instanceof GatewayUnavailableError) throw new HttpError(503, GATEWAY_DOWN);
        throw error;
      });
      if (session.paid) {
        if (await fulfil(purchase._id, session.paymentId)) return;
        const after = await purchases.findOne({ _id: purchase._id });
        if (after?.status === 'refunded') throw verifyRefused(after);
        throw new HttpError(409, 'This checkout could not be completed. Please try again.');
      }
      if (session.status === 'expired') {
        await expire(purchase._id);
        throw new HttpError(409, 'This checkout has expired. Please start the purchase again.');
      }
      throw new HttpError(402, 'Payment has not been completed yet');
    },

    fulfil,
    expire,
    reconcile: fulfilments.reconcile,

    /** The buyer's purchases, newest first (their receipts). Finishes any of theirs a crash interrupted. */
    async history(userId: string): Promise<PurchaseRecord[]> {
      await fulfilments.reconcile(userId);
      const mine = await purchases.find(
        { userId, status: { $in: ['pending', 'completed', 'refunded', 'expired'] } },
        { sort: { createdAt: -1 }, limit: 500 },
      );
      const titles = await courseTitles(mine.map((p) => p.courseId));
      return mine.map((p) => ({ ...publicPurchase(p), courseTitle: titles.get(p.courseId) ?? 'Deleted course' }));
    },

    /** Every purchase for the admin console, newest first. */
    async all(offset: number, limit: number): Promise<{ purchases: AdminPurchaseRecord[]; total: number }> {
      const filter = { status: { $in: ['completed', 'refunded', 'pending', 'expired'] } };
      const [page, total] = await Promise.all([
        purchases.find(filter, { sort: { createdAt: -1 }, skip: offset, limit }),
        purchases.countDocuments(filter),
      ]);
      const titles = await courseTitles(page.map((p) => p.courseId));
      const buyers = await users.byIds(
        page.map((p) => p.userId),
        { name: 1, email: 1 },
      );
      const byId = new Map(buyers.map((u) => [u._id, u]));
      return {
        total,
        purchases: page.map((p) => ({
          ...publicPurchase(p),
          student: {
            _id: p.userId,
            name: byId.get(p.userId)?.name ?? 'Unknown student',
            email: byId.get(p.userId)?.email ?? '',
          },
          course: { _id: p.courseId, courseTitle: titles.get(p.courseId) ?? 'Deleted course' },
          gateway: p.gateway ?? 'local',
        })),
      };
    },

    /** An admin's refund: the gateway gives the money back, then the enrollment goes. */
    async refund(purchaseId: string): Promise<void> {
      const purchase = ID_PATTERN.test(purchaseId) ? await purchases.findOne({ _id: purchaseId }) : null;
      if (!purchase) throw notFound('Purchase not found');
      if (purchase.status !== 'completed' && purchase.status !== 'refunded') {
        throw new HttpError(409, 'Only a completed purchase can be refunded');
      }
      if (purchase.status === 'refunded' && purchase.revokedAt)
        throw new HttpError(409, 'This purchase is already refunded');
      await fulfilments.refund(purchase, 'admin', true).catch((error: unknown) => {
        if (error instanceof GatewayUnavailableError) throw new HttpError(503, GATEWAY_DOWN);
        throw error;
      });
    },

    /** The gateway refunded a payment (Stripe's charge.refunded): take the enrollment back. */
    async refundedByGateway(paymentId: string): Promise<void> {
      const purchase = await purchases.findOne({ paymentId });
      if (purchase) await fulfilments.refund(purchase, 'gateway', false);
    },
  };
}

export interface PurchaseRecord {
  _id: string;
  courseId: string;
  courseTitle: string;
  /** Rupees. */
  amount: number;
  currency: 'INR';
  status: PurchaseDoc['status'];
  createdAt: string;
  completedAt?: string;
  refundedAt?: string;
  simulated: boolean;
}

export type AdminPurchaseRecord = Omit<PurchaseRecord, 'courseTitle'> & {
  student: { _id: string; name: string; email: string };
  course: { _id: string; courseTitle: string };
  gateway: 'local' | 'stripe' | 'free';
};

function publicPurchase(p: PurchaseDoc): Omit<PurchaseRecord, 'courseTitle'> {
  return {
    _id: p._id,
    courseId: p.courseId,
    amount: p.amount / 100,
    currency: 'INR',
    status: p.status,
    createdAt: p.createdAt.toISOString(),
    ...(p.completedAt ? { completedAt: p.completedAt.toISOString() } : {}),
    ...(p.refundedAt ? { refundedAt: p.refundedAt.toISOString() } : {}),
    simulated: p.simulated === true,
  };
}
export type PurchasesService = ReturnType<typeof purchasesService>;
