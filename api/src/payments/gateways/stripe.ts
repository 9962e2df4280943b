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
          // #36: a destination charge: the payment goes to the educator's Connect account, the
          // application fee (the ledger's fee for this sale) stays with the platform. The transfer
          // carries the purchase as its transfer group, so transfer events find their sale.
          ...(input.connect
            ? {
                payment_intent_data: {
                  application_fee_amount: input.connect.applicationFee,
                  transfer_data: { destination: input.connect.destination },
                  transfer_group: input.purchaseId,
                  metadata: { purchaseId: input.purchaseId },
                },
              }
            : {}),
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
    async refund({ gatewaySessionId, paymentId, connectAccountId }) {
      const payment = paymentId ?? (gatewaySessionId ? (await this.retrieve(gatewaySessionId)).paymentId : undefined);
      if (!payment) throw new Error('This purchase has no Stripe payment to refund');
      try {
        // A destination charge's refund takes the educator's share back from their account and
        // gives the platform's application fee back to the buyer as well (#36).
        await stripe.refunds.create(
          {
            payment_intent: payment,
            ...(connectAccountId ? { reverse_transfer: true, refund_application_fee: true } : {}),
          },
          { idempotencyKey: `refund-${payment}` },
        );
      } catch (error) {
        // Refunding a payment that is already refunded is what we wanted.
        if ((error as { code?: string }).code === 'charge_already_refunded') return;
        unavailable(error);
      }
    },
  };
}
