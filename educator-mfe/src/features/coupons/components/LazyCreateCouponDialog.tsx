import { lazy, Suspense } from 'react';
import type { CreateCouponDialog as Dialog } from './CreateCouponDialog';

type DialogProps = Parameters<typeof Dialog>[0];

/**
 * The Create Coupon dialog (antd's Modal, Input and Alert, in the platform's theme, and the API's
 * coupon schema): loaded when first wanted, so the Coupons page's first load carries no antd (#34).
 */
const loadDialog = () =>
  Promise.all([import('./CreateCouponDialog'), import('@courseport/shared-ui/antd/themed')]).then(
    ([{ CreateCouponDialog }, { Themed }]) => ({
      default: (props: DialogProps) => (
        <Themed>
          <CreateCouponDialog {...props} />
        </Themed>
      ),
    }),
  );
const LoadedDialog = lazy(loadDialog);

/** Starts loading the dialog when a Create Coupon button is pointed at or focused (no wait on the press). */
export const preloadCreateCouponDialog = () => void loadDialog().catch(() => undefined);

/** The dialog once it has been wanted (it then stays mounted: its closing animation, the focus going back). */
export function LazyCreateCouponDialog({ wanted, ...props }: DialogProps & { wanted: boolean }) {
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoadedDialog {...props} />
    </Suspense>
  );
}
