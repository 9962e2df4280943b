import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import type { Logger } from '../../logger.js';
import { ConflictError, ID_PATTERN, newId, type Store } from '../../store/index.js';
import { coursesRepository } from '../courses/repository.js';
import { COURSE_NOT_FOUND } from '../courses/service.js';
import type { Mailer } from '../mail/service.js';
import { mails } from '../mail/templates.js';
import { usersRepository } from '../users/repository.js';
import { USER_NOT_FOUND } from '../users/service.js';
import { fulfilment } from './fulfilment.js';
import { GatewayUnavailableError, type PaymentGateway } from './gateways/types.js';
import { amountInPaise } from './pricing.js';
import { type PurchaseDoc, purchasesRepository } from './repository.js';

export const ALREADY_ENROLLED = 'You are already enrolled in this course';
const GATEWAY_DOWN = 'The payment service is unavailable right now. Please try again in a moment.';

export function purchasesService(
  store: Store,
  clock: Clock,
  config: Config,
  gateway: PaymentGateway,
  mailer: Mailer,
  logger: Logger,
) {
  const purchases = purchasesRepository(store);
  const users = usersRepository(store);
  const courses = coursesRepository(store);
  const { fulfil, expire } = fulfilment(store, clock, sendReceipt);
  const defaultOrigin = new URL(config.publicAppUrl).origin;
  const returnUrl = (appOrigin: string, purchaseId: string) =>
    `${appOrigin}/loading/my-enrollments?purchaseId=${purchaseId}`;

  /** A receipt is a courtesy: failing to write one never undoes or fails the purchase. */
  async function sendReceipt(purchase: PurchaseDoc): Promise<void> {
    if (purchase.amount === 0) return;
    try {
      const [user, course] = await Promise.all([
        users.findOne({ _id: purchase.userId }, { projection: { email: 1, name: 1 } }),
        courses.findOne({ _id: purchase.courseId }, { projection: { courseTitle: 1 } }),
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

  async function openPurchase(userId: string, courseId: string): Promise<PurchaseDoc | null> {
    const open = await purchases.findOne({ openKey: `${userId}:${courseId}` });
    if (!open?.gatewaySessionId) return open;
    const session = await gateway.retrieve(open.gatewaySessionId);
    if (session.status === 'open') return open;
    if (session.paid) await fulfil(open._id);
    else await expire(open._id);
    return session.paid ? { ...open, status: 'completed' } : null;
  }

  return {
    /** Starts (or resumes) a checkout; the amount is the server's. Returns where to send the buyer. */
    async purchase(
      userId: string,
      email: string | undefined,
      courseId: string,
      appOrigin = defaultOrigin,
    ): Promise<string> {
      const user = await users.findOne({ _id: userId });
      if (!user) throw notFound(USER_NOT_FOUND);
      const course = ID_PATTERN.test(courseId) ? await courses.findOne({ _id: courseId, isPublished: true }) : null;
      if (!course) throw notFound(COURSE_NOT_FOUND);
      if (user.enrolledCourses.includes(courseId) || course.enrolledStudents.includes(userId))
        throw conflict(ALREADY_ENROLLED);

      const existing = await openPurchase(userId, courseId);
      if (existing?.status === 'completed') throw conflict(ALREADY_ENROLLED);
      if (existing?.checkoutUrl) return existing.checkoutUrl;

      const amount = amountInPaise(course.coursePrice, course.discount);
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
        openKey: `${userId}:${courseId}`,
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

      if (amount === 0) {
        await fulfil(purchase._id);
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
        });
        await purchases.updateOne(
          { _id: purchase._id },
          { $set: { gatewaySessionId: session.sessionId, checkoutUrl: session.url } },
        );
        return session.url;
      } catch (error) {
        await purchases.deleteOne({ _id: purchase._id, status: 'pending' });
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
      if (purchase.status !== 'pending' || !purchase.gatewaySessionId) {
        throw new HttpError(409, 'This checkout has expired. Please start the purchase again.');
      }
      const session = await gateway.retrieve(purchase.gatewaySessionId).catch((error: unknown) => {
        if (error instanceof GatewayUnavailableError) throw new HttpError(503, GATEWAY_DOWN);
        throw error;
      });
      if (session.paid) {
        await fulfil(purchase._id);
        return;
      }
      if (session.status === 'expired') {
        await expire(purchase._id);
        throw new HttpError(409, 'This checkout has expired. Please start the purchase again.');
      }
      throw new HttpError(402, 'Payment has not been completed yet');
    },

    fulfil,
    expire,
  };
}
export type PurchasesService = ReturnType<typeof purchasesService>;
