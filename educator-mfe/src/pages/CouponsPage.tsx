import { Button, EmptyState, QueryStates, useCurrency, useQuery, useSession } from '@courseport/shared-ui';
import { useState } from 'react';
import { CouponsTable } from '../features/coupons/components/CouponsTable';
import { type CourseChoices, CREATE_COUPON } from '../features/coupons/components/couponText';
import {
  LazyCreateCouponDialog,
  preloadCreateCouponDialog,
} from '../features/coupons/components/LazyCreateCouponDialog';
import { useCoupons, useCreateCoupon, useSetCouponActive } from '../features/coupons/hooks/useCoupons';
import { PageHeader } from '../features/layout/components/PageHeader';
import { useIsEducator } from '../features/layout/hooks/useSignedInUser';
import { coursesQuery } from '../features/my-courses/api/courses';
import '../styles/coupons.css';

/**
 * /educator/coupons: the educator's coupon codes, created, activated and deactivated here. Plain
 * markup with antd's look: the Create Coupon dialog brings antd when first wanted (#34).
 */
export default function CouponsPage() {
  const currency = useCurrency();
  const isEducator = useIsEducator();
  const sessionKnown = useSession((s) => s.status !== 'loading' && (s.status !== 'signed-in' || s.userLoaded));
  const { state, retry } = useCoupons(isEducator);
  const [creating, setCreating] = useState(false);
  /** The dialog's chunk (antd) loads with the first Create Coupon press, or its pointer/focus before. */
  const [dialogWanted, setDialogWanted] = useState(false);
  // The courses a coupon can be for: read when the dialog opens (the same query as My Courses).
  const courses = useQuery({ ...coursesQuery(), enabled: isEducator && creating });
  const create = useCreateCoupon();
  const setActive = useSetCouponActive();
  const now = new Date();

  const choices: CourseChoices = courses.data
    ? { status: 'ready', courses: courses.data }
    : courses.isError && !courses.isFetching
      ? { status: 'error', message: 'Failed to fetch courses', retry: () => void courses.refetch() }
      : { status: 'loading' };

  const createButton = (
    <Button
      type="primary"
      onPointerEnter={preloadCreateCouponDialog}
      onFocus={preloadCreateCouponDialog}
      onClick={() => {
        setDialogWanted(true);
        setCreating(true);
      }}
    >
      {CREATE_COUPON}
    </Button>
  );

  const content =
    !isEducator && sessionKnown ? (
      <EmptyState title="Educator access required" description="Only educators can manage coupons." />
    ) : (
      <QueryStates
        state={state}
        loadingText="Loading your coupons..."
        errorTitle="Error Loading Coupons"
        onRetry={retry}
        empty={
          <EmptyState
            title="No coupons yet"
            description="Create a coupon code to offer students a discount on one of your courses."
            action={createButton}
          />
        }
      >
        {(coupons) => (
          <CouponsTable
            coupons={coupons}
            currency={currency}
            now={now}
            busyId={setActive.isPending ? (setActive.variables?.coupon._id ?? null) : null}
            onSetActive={(coupon, active) => setActive.mutate({ coupon, active })}
          />
        )}
      </QueryStates>
    );

  return (
    <div className="ed-page">
      <PageHeader
        title="Coupons"
        subtitle="Discount codes for your courses"
        action={isEducator && state.status === 'ready' && state.data.length > 0 ? createButton : undefined}
      />
      {content}
      {isEducator && (
        <LazyCreateCouponDialog
          wanted={dialogWanted}
          open={creating}
          courses={choices}
          currency={currency}
          creating={create.isPending}
          onCreate={(input) => create.mutateAsync(input)}
          onClose={() => setCreating(false)}
        />
      )}
    </div>
  );
}
