import Stripe from 'stripe';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Store } from '../store/index.js';
import { localGateway } from './gateways/local.js';
import { stripeGateway } from './gateways/stripe.js';
import { type ConnectGateway, stripeConnect } from './gateways/stripe-connect.js';
import type { PaymentGateway } from './gateways/types.js';

export interface Payments {
  gateway: PaymentGateway;
  /** The Stripe client in Stripe mode (the webhook verifies signatures with it). */
  stripe?: Stripe;
  /** #36: Stripe Connect Express (Stripe mode only): educators' accounts and onboarding links. */
  connect?: ConnectGateway;
}

/** Stripe Checkout when its keys are configured, the local checkout page otherwise. */
export function buildPayments(config: Config, store: Store, clock: Clock, stripe?: Stripe): Payments {
  if (config.payments.mode === 'stripe') {
    // STRIPE_API_BASE points the SDK at a stand-in (stripe-mock, a test's fake); Stripe itself otherwise.
    const { secretKey, apiBase } = config.payments;
    const client = stripe ?? new Stripe(secretKey, { maxNetworkRetries: 1, timeout: 10_000, ...apiBase });
    return { gateway: stripeGateway(client), stripe: client, connect: stripeConnect(client) };
  }
  return { gateway: localGateway(store, clock, config.publicApiUrl, config.publicAppUrl) };
}

export { CHECKOUT_TTL_MS, type LocalCheckoutDoc, localCheckouts } from './gateways/local.js';
export {
  accountStateOf,
  type ConnectAccountState,
  type ConnectGateway,
  stripeConnect,
} from './gateways/stripe-connect.js';
export {
  type CheckoutInput,
  type DestinationCharge,
  GatewayUnavailableError,
  type PaymentGateway,
  type RefundInput,
} from './gateways/types.js';
