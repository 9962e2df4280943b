import { Button, type Coupon, Pager, type TagTone, tagTone, useMinWidth } from '@courseport/shared-ui';
import { useState } from 'react';
import { type CouponStatus, couponStatus, discountText, expiryText, usesText } from './couponText';

const STATUS_TONE: Record<CouponStatus, TagTone> = {
  Active: 'green',
  Inactive: 'default',
  Expired: 'orange',
  'Used up': 'orange',
};

interface CouponsProps {
  coupons: Coupon[];
  currency: string;
  now: Date;
  /** The coupon whose change is on its way (its button waits). */
  busyId: string | null;
  onSetActive: (coupon: Coupon, active: boolean) => void;
}

function StatusTag({ coupon, now }: { coupon: Coupon; now: Date }) {
  const status = couponStatus(coupon, now);
  return (
    <span className="cp-tag" style={tagTone(STATUS_TONE[status])}>
      {status}
    </span>
  );
}

function ActiveButton({
  coupon,
  busyId,
  onSetActive,
}: Pick<CouponsProps, 'busyId' | 'onSetActive'> & { coupon: Coupon }) {
  const label = coupon.active ? 'Deactivate' : 'Activate';
  return (
    <Button
      size="small"
      loading={busyId === coupon._id}
      aria-label={`${label} ${coupon.code} (${coupon.courseTitle})`}
      onClick={() => onSetActive(coupon, !coupon.active)}
    >
      {label}
    </Button>
  );
}

/**
 * The educator's coupons: from `md` up a table ('Code', 'Course', 'Discount', 'Uses', 'Expires',
 * 'Status', and a button that deactivates an active coupon or activates an inactive one); on
 * phones the same as one card per coupon, so nothing needs scrolling sideways.
 */
export function CouponsTable(props: CouponsProps) {
  const wide = useMinWidth('md');
  return wide ? <CouponsGrid {...props} /> : <CouponCards {...props} />;
}

function CouponCards({ coupons, currency, now, busyId, onSetActive }: CouponsProps) {
  return (
    <ul className="ed-coupon-cards" aria-label="Coupons">
      {coupons.map((coupon) => (
        <li key={coupon._id} className="ed-coupon-card">
          <div className="ed-coupon-card-head">
            <span className="ed-coupon-code">{coupon.code}</span>
            <StatusTag coupon={coupon} now={now} />
          </div>
          <p className="ed-coupon-card-course">{coupon.courseTitle}</p>
          <dl className="ed-coupon-card-facts">
            <div>
              <dt>Discount</dt>
              <dd>{discountText(coupon, currency)}</dd>
            </div>
            <div>
              <dt>Uses</dt>
              <dd>{usesText(coupon)}</dd>
            </div>
            <div>
              <dt>Expires</dt>
              <dd>{expiryText(coupon)}</dd>
            </div>
          </dl>
          <ActiveButton coupon={coupon} busyId={busyId} onSetActive={onSetActive} />
        </li>
      ))}
    </ul>
  );
}

/** Rows per page (antd's table paged by ten; the page list shows only when there is a second page). */
const PAGE_SIZE = 10;

/**
 * The table: plain markup with antd's look (shared-ui's `.cp-table`, `.cp-tag`, `Pager`), so the
 * page's first load needs no antd (#34).
 */
function CouponsGrid({ coupons, currency, now, busyId, onSetActive }: CouponsProps) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(coupons.length / PAGE_SIZE));
  // A list that shrank shows its last page rather than an empty one.
  const current = Math.min(page, pages);
  const rows = coupons.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  return (
    <section className="ed-panel ed-panel-table">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box the keyboard must reach (WCAG 2.1.1). */}
      <section className="cp-table-scroll ed-table-wrap" tabIndex={0} aria-label="Coupons">
        <table className="cp-table ed-table ed-coupons-table" aria-label="Coupons">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Course</th>
              <th scope="col">Discount</th>
              <th scope="col">Uses</th>
              <th scope="col">Expires</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="cp-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((coupon) => (
              <tr key={coupon._id} className="ed-row">
                <td>
                  <span className="ed-coupon-code">{coupon.code}</span>
                </td>
                <td>
                  <span className="ed-coupon-course">{coupon.courseTitle}</span>
                </td>
                <td>
                  <span className="cp-nowrap">{discountText(coupon, currency)}</span>
                </td>
                <td>
                  <span className="cp-nowrap">{usesText(coupon)}</span>
                </td>
                <td>
                  <span className="cp-nowrap">{expiryText(coupon)}</span>
                </td>
                <td>
                  <StatusTag coupon={coupon} now={now} />
                </td>
                <td>
                  <ActiveButton coupon={coupon} busyId={busyId} onSetActive={onSetActive} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <Pager
        label="Coupon pages"
        className="ed-table-pager"
        page={current}
        pageSize={PAGE_SIZE}
        total={coupons.length}
        onChange={setPage}
      />
    </section>
  );
}
