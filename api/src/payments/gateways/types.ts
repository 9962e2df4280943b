/** A hosted checkout: Stripe Checkout, or the local checkout page that behaves like it. */
export interface PaymentGateway {
  readonly name: 'local' | 'stripe';
  createCheckout(input: CheckoutInput): Promise<{ sessionId: string; url: string }>;
  /** Whether the session has been paid, is still open, or has expired (and the payment, once paid). */
  retrieve(sessionId: string): Promise<{ status: 'open' | 'complete' | 'expired'; paid: boolean; paymentId?: string }>;
  /** Gives the buyer's money back (a no-op for the simulated local checkout). */
  refund(payment: { gatewaySessionId?: string | undefined; paymentId?: string | undefined }): Promise<void>;
}

export interface CheckoutInput {
  purchaseId: string;
  userId: string;
  courseId: string;
  courseTitle: string;
  /** Paise. */
  amount: number;
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string | undefined;
  /** The app origin the buyer is on (from the allow-list); a hosted page on the app's origin follows it. */
  appOrigin: string;
}

/** The gateway cannot be reached: the purchase answers 503 and nothing is enrolled. */
export class GatewayUnavailableError extends Error {
  override name = 'GatewayUnavailableError';
}
