import type { ConnectAccount } from '@courseport/contracts';
import { Button, errorText, useCurrency, useMutation } from '@courseport/shared-ui';
import { startConnect } from '../api/earnings';
import { day, paise } from '../format';

/** Where the browser goes for Stripe's onboarding (a seam for tests). */
export const goTo = { url: (url: string) => window.location.assign(url) };

/** The account's state in words: what the educator can expect, and what is still due. */
export function accountState(account: ConnectAccount): { title: string; text: string; action: string | null } {
  if (!account.connected) {
    return {
      title: 'Get paid through Stripe',
      text: 'Set up a Stripe account and your share of each sale goes straight to it; Stripe pays it to your bank.',
      action: 'Set up payouts with Stripe',
    };
  }
  if (account.payoutsEnabled && account.chargesEnabled) {
    return {
      title: 'Payouts through Stripe are on',
      text: 'Your share of each new sale goes to your Stripe account as it is made.',
      action: null,
    };
  }
  const due = account.currentlyDue?.length ?? 0;
  return {
    title: 'Your Stripe account needs more details',
    text: due
      ? `Stripe still needs ${due} detail${due === 1 ? '' : 's'} before it can pay you. Until then, your sales are paid in the platform's monthly payouts.`
      : "Stripe is checking your details. Until it is done, your sales are paid in the platform's monthly payouts.",
    action: 'Continue setup',
  };
}

/** How the educator is paid (#36): Stripe Connect when the platform takes payments through Stripe. */
export function PayoutAccount({ account }: { account: ConnectAccount }) {
  const currency = useCurrency();
  const connect = useMutation({ mutationFn: startConnect, onSuccess: (link) => goTo.url(link.url) });
  if (!account.available) {
    return (
      <p className="ed-earnings-note">
        Courseport pays your available balance each month by bank transfer; each payout shows below with its bank
        reference.
      </p>
    );
  }
  const { title, text, action } = accountState(account);
  return (
    <div className="ed-panel ed-payout-account">
      <h3 className="ed-payout-account-title">{title}</h3>
      <p>{text}</p>
      {connect.isError && (
        <p className="ed-earnings-error" role="alert">
          {errorText(connect.error, 'Could not reach Stripe: please try again')}
        </p>
      )}
      {action && (
        <Button type="primary" loading={connect.isPending || connect.isSuccess} onClick={() => connect.mutate()}>
          {action}
        </Button>
      )}
      {account.stripePayouts && account.stripePayouts.length > 0 && (
        <ul className="ed-payout-account-list" aria-label="Stripe's payouts to your bank">
          {account.stripePayouts.map((payout) => (
            <li key={payout.id}>
              {paise(currency, payout.amount)} · {payout.status === 'paid' ? 'paid' : 'failed'} ·{' '}
              {day(payout.arrivalDate)}
              {payout.failureMessage ? ` · ${payout.failureMessage}` : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
