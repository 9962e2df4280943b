import type Stripe from 'stripe';
import { GatewayUnavailableError } from './types.js';

/** A Connect account's state as the educator sees it (from the account object or `account.updated`). */
export interface ConnectAccountState {
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** Stripe's `requirements.currently_due`: what the educator still has to give. */
  currentlyDue: string[];
  /** Stripe's `requirements.disabled_reason`, when the account is restricted. */
  disabledReason: string | null;
}

/** Stripe Connect Express (#36): the educator's account and its onboarding links. */
export interface ConnectGateway {
  /** Creates an Express account; `idempotencyKey` makes a repeated call return the same account. */
  createAccount(input: { educatorId: string; email?: string | undefined; idempotencyKey: string }): Promise<{
    id: string;
    state: ConnectAccountState;
  }>;
  /** An onboarding link (single use, minutes long) back to `returnUrl`, or `refreshUrl` when it expired. */
  accountLink(
    accountId: string,
    urls: { refreshUrl: string; returnUrl: string },
  ): Promise<{ url: string; expiresAt: Date }>;
  retrieveAccount(accountId: string): Promise<ConnectAccountState>;
}

export function accountStateOf(
  account: Pick<Stripe.Account, 'details_submitted' | 'charges_enabled' | 'payouts_enabled' | 'requirements'>,
): ConnectAccountState {
  return {
    detailsSubmitted: account.details_submitted === true,
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
    currentlyDue: (account.requirements?.currently_due ?? []).filter((item) => typeof item === 'string').slice(0, 100),
    disabledReason: account.requirements?.disabled_reason ?? null,
  };
}

export function stripeConnect(stripe: Stripe): ConnectGateway {
  const unavailable = (error: unknown): never => {
    const type = (error as { type?: string }).type;
    if (type === 'StripeConnectionError' || type === 'StripeAPIError' || type === 'StripeRateLimitError') {
      throw new GatewayUnavailableError(String((error as Error).message));
    }
    throw error;
  };
  return {
    async createAccount({ educatorId, email, idempotencyKey }) {
      const account = await stripe.accounts
        .create(
          {
            type: 'express',
            country: 'IN',
            ...(email ? { email } : {}),
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            business_type: 'individual',
            metadata: { educatorId },
          },
          { idempotencyKey },
        )
        .catch(unavailable);
      return { id: account.id, state: accountStateOf(account) };
    },
    async accountLink(accountId, { refreshUrl, returnUrl }) {
      const link = await stripe.accountLinks
        .create({ account: accountId, refresh_url: refreshUrl, return_url: returnUrl, type: 'account_onboarding' })
        .catch(unavailable);
      return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
    },
    async retrieveAccount(accountId) {
      return accountStateOf(await stripe.accounts.retrieve(accountId).catch(unavailable));
    },
  };
}
