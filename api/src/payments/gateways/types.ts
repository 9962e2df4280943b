/** A hosted checkout: Stripe Checkout, or the local checkout page that behaves like it. */
export interface PaymentGateway {
  readonly name: 'local' | 'stripe';
  createCheckout(input: CheckoutInput): Promise<{ sessionId: string; url: string }>;
  /** Whether the session has been paid, is still open, or has expired (and the payment, once paid). */
  retrieve(sessionId: string): Promise<{ status: 'open' | 'complete' | 'expired'; paid: boolean; paymentId?: string }>;
  /** Gives the buyer's money back (a no-op for the simulated local checkout). */
  refund(payment: RefundInput): Promise<void>;
}

export interface RefundInput {
  gatewaySessionId?: string | undefined;
  paymentId?: string | undefined;
  /**
   * #36: the educator's Connect account the payment was a destination charge to: the refund also
   * reverses the transfer and gives the application fee back (`reverse_transfer`, `refund_application_fee`).
   */
  connectAccountId?: string | undefined;
}

/**
 * #36: a destination charge: Stripe moves the payment to the educator's Connect account and keeps
 * `applicationFee` (paise, the ledger's fee for the sale) for the platform.
 */
export interface DestinationCharge {
  destination: string;
  applicationFee: number;
  /** The fee rate the application fee was computed at (the ledger records the sale at it). */
  feeBasisPoints: number;
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
  /** #36: charge to the educator's Connect account (Stripe only; the local checkout ignores it). */
  connect?: DestinationCharge | undefined;
}

/** The gateway cannot be reached: the purchase answers 503 and nothing is enrolled. */
export class GatewayUnavailableError extends Error {
  override name = 'GatewayUnavailableError';
}
