import { ErrorState, Spinner, useNavigate, usePageTitle, useParams, useSearchParams } from '@courseport/shared-ui';
import { useEffect } from 'react';
import { AlertIcon, CheckIcon } from '../components/icons';
import { LearnerPage } from '../components/LearnerPage';
import { PageHeading } from '../components/PageHeading';
import { useLatest } from '../hooks/useLatest';
import '../styles/payment.css';
import { usePaymentVerification, VERIFIED_TEXT } from '../features/payment/hooks/usePaymentVerification';

/** How long the result stays on screen before the redirect, counted from when verification finished. */
export const REDIRECT_DELAY_MS = 3000;

/** '/{path}', always inside this site (leading slashes are dropped, so it can never be '//host'). */
export const returnPath = (path: string | undefined) => `/${(path ?? '').replace(/^\/+/, '')}`;

function PaymentVerification({ purchaseId, target }: { purchaseId: string; target: string }) {
  const verification = usePaymentVerification(purchaseId);
  const { phase } = verification;
  const navigate = useLatest(useNavigate());
  const finished = phase === 'verified' || phase === 'failed';

  useEffect(() => {
    if (!finished) return;
    const timer = window.setTimeout(() => navigate.current(target, { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [finished, target, navigate]);

  // Each state says only what is true then: the spinner while waiting, the outcome once known.
  return (
    <div className={`ln-payment ln-payment-${phase}`} role="status" aria-live="polite">
      {phase === 'verifying' && (
        <>
          <Spinner size="large" />
          <p className="ln-payment-title">Verifying your payment...</p>
        </>
      )}
      {phase === 'processing' && (
        <>
          <Spinner size="large" />
          <p className="ln-payment-title">Processing your payment...</p>
          <p className="ln-payment-text">Redirecting you shortly...</p>
        </>
      )}
      {phase === 'verified' && (
        <>
          <CheckIcon className="ln-payment-icon ln-payment-icon-ok" size={40} />
          <p className="ln-payment-title">{VERIFIED_TEXT}</p>
          <p className="ln-payment-text">Redirecting you shortly...</p>
        </>
      )}
      {verification.phase === 'failed' && (
        <>
          <AlertIcon className="ln-payment-icon ln-payment-icon-failed" size={40} />
          <p className="ln-payment-title">{verification.message}</p>
          <p className="ln-payment-text">Redirecting you shortly...</p>
        </>
      )}
    </div>
  );
}

/** `/loading/:path?purchaseId=...`: where the payment page sends the student back; verifies, then moves on. */
export default function PaymentReturnPage() {
  const { path } = useParams();
  const [searchParams] = useSearchParams();
  const purchaseId = searchParams.get('purchaseId')?.trim() ?? '';
  const navigate = useNavigate();
  usePageTitle('Payment verification');

  return (
    <LearnerPage className="ln-payment-page">
      <PageHeading hidden>Payment verification</PageHeading>
      {purchaseId ? (
        <PaymentVerification key={purchaseId} purchaseId={purchaseId} target={returnPath(path)} />
      ) : (
        <ErrorState
          title="Purchase ID not found"
          message="This link does not name a purchase, so there is no payment to verify."
          onRetry={() => navigate('/my-enrollments')}
          retryLabel="Go to My Enrollments"
        />
      )}
    </LearnerPage>
  );
}
