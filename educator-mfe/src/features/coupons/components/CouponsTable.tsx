import { Button, type Coupon, type TagTone, tagTone, useMinWidth } from '@courseport/shared-ui';
import { Table } from '@courseport/shared-ui/antd/table';
import { Tag } from '@courseport/shared-ui/antd/tag';
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
  return <Tag style={tagTone(STATUS_TONE[status])}>{status}</Tag>;
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

function CouponsGrid({ coupons, currency, now, busyId, onSetActive }: CouponsProps) {
  return (
    <section className="ed-panel ed-panel-table">
      <div className="ed-table-wrap">
        <Table<Coupon>
          aria-label="Coupons"
          rowKey="_id"
          dataSource={coupons}
          pagination={coupons.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              key: 'code',
              title: 'Code',
              render: (_, coupon) => <span className="ed-coupon-code">{coupon.code}</span>,
            },
            {
              key: 'course',
              title: 'Course',
              render: (_, coupon) => <span className="ed-coupon-course">{coupon.courseTitle}</span>,
            },
            {
              key: 'discount',
              title: 'Discount',
              render: (_, coupon) => <span className="cp-nowrap">{discountText(coupon, currency)}</span>,
            },
            {
              key: 'uses',
              title: 'Uses',
              render: (_, coupon) => <span className="cp-nowrap">{usesText(coupon)}</span>,
            },
            {
              key: 'expires',
              title: 'Expires',
              render: (_, coupon) => <span className="cp-nowrap">{expiryText(coupon)}</span>,
            },
            {
              key: 'status',
              title: 'Status',
              render: (_, coupon) => <StatusTag coupon={coupon} now={now} />,
            },
            {
              key: 'action',
              title: <span className="cp-visually-hidden">Actions</span>,
              render: (_, coupon) => <ActiveButton coupon={coupon} busyId={busyId} onSetActive={onSetActive} />,
            },
          ]}
        />
      </div>
    </section>
  );
}
