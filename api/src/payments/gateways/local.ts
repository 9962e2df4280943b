import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Store } from '../../store/index.js';
import type { CheckoutInput, PaymentGateway } from './types.js';

export interface LocalCheckoutDoc {
  _id: string;
  purchaseId: string;
  courseTitle: string;
  amount: number;
  successUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete' | 'expired';
  expiresAt: Date;
  createdAt: Date;
  [key: string]: unknown;
}

export const CHECKOUT_TTL_MS = 30 * 60_000;

export const localCheckouts = (store: Store) => store.collection<LocalCheckoutDoc>('checkoutSessions');

/**
 * The default gateway: a hosted checkout page served by the API at `/checkout/:id` (Pay and
 * Cancel), so the purchase → return → verify flow runs offline exactly as it does with Stripe.
 */
export function localGateway(store: Store, clock: Clock, publicApiUrl: string, publicAppUrl: string): PaymentGateway {
  const sessions = localCheckouts(store);
  // With one origin (the app's server forwards /checkout), the page stays on the buyer's origin.
  const oneOrigin = new URL(publicApiUrl).origin === new URL(publicAppUrl).origin;
  return {
    name: 'local',
    async createCheckout(input: CheckoutInput) {
      const now = clock.now();
      const id = `cs_local_${randomBytes(18).toString('base64url')}`;
      await sessions.insertOne({
        _id: id,
        purchaseId: input.purchaseId,
        courseTitle: input.courseTitle,
        amount: input.amount,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        status: 'open',
        expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
        createdAt: now,
      });
      return { sessionId: id, url: `${oneOrigin ? input.appOrigin : publicApiUrl}/checkout/${id}` };
    },
    async retrieve(sessionId) {
      const session = await sessions.findOne({ _id: sessionId });
      if (!session) return { status: 'expired', paid: false };
      if (session.status === 'open' && session.expiresAt <= clock.now()) return { status: 'expired', paid: false };
      return { status: session.status, paid: session.status === 'complete' };
    },
    // Nothing was taken, so there is nothing to give back.
    async refund() {},
  };
}
