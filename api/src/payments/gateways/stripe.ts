import type Stripe from 'stripe';
import { type CheckoutInput, GatewayUnavailableError, type PaymentGateway } from './types.js';

/** Stripe Checkout: the session carries the purchase in `client_reference_id` and `metadata`. */
export function stripeGateway(stripe: Stripe): PaymentGateway {
  const unavailable = (error: unknown): never => {
    const type = (error as { type?: string }).type;
    if (type === 'StripeConnectionError' || type === 'StripeAPIError' || type === 'StripeRateLimitError') {
      throw new GatewayUnavailableError(String((error as Error).message));
    }
    throw error;
  };
  return {
    name: 'stripe',
    async createCheckout(input: CheckoutInput) {
      const session = await stripe.checkout.sessions
        .create({
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: { currency: 'inr', unit_amount: input.amount, product_data: { name: input.courseTitle } },
            },
          ],
          client_reference_id: input.purchaseId,
          metadata: { purchaseId: input.purchaseId, userId: input.userId, courseId: input.courseId },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
        })
        .catch(unavailable);
      if (!session.url) throw new GatewayUnavailableError('Stripe returned no checkout URL');
      return { sessionId: session.id, url: session.url };
    },
    async retrieve(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId).catch(unavailable);
      const paymentIntent = session.payment_intent;
      return {
        status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
        paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
        ...(paymentIntent ? { paymentId: typeof paymentIntent === 'string' ? paymentIntent : paymentIntent.id } : {}),
      };
    },
    async refund({ gatewaySessionId, paymentId }) {
      const payment = paymentId ?? (gatewaySessionId ? (await this.retrieve(gatewaySessionId)).paymentId : undefined);
      if (!payment) throw new Error('This purchase has no Stripe payment to refund');
      try {
        await stripe.refunds.create({ payment_intent: payment }, { idempotencyKey: `refund-${payment}` });
      } catch (error) {
        // Refunding a payment that is already refunded is what we wanted.
        if ((error as { code?: string }).code === 'charge_already_refunded') return;
        unavailable(error);
      }
    },
  };
}
