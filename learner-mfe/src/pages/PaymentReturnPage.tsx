import { ScreenPlaceholder } from '@courseport/shared-ui';

export default function PaymentReturnPage() {
  return <ScreenPlaceholder portal="learner" title="Payment Return" />;
}
