import { Button, type Coupon, type TagTone, tagTone } from '@courseport/shared-ui';
import { Table, Tag } from '@courseport/shared-ui/heavy';
import { type CouponStatus, couponStatus, discountText, expiryText, usesText } from './couponText';

const STATUS_TONE: Record<CouponStatus, TagTone> = {
  Active: 'green',
  Inactive: 'default',
  Expired: 'orange',
  'Used up': 'orange',
};

/**
 * The educator's coupons: 'Code', 'Course', 'Discount', 'Uses', 'Expires', 'Status', and a button
 * that deactivates an active coupon or activates an inactive one.
 */
export function CouponsTable({
  coupons,
  currency,
  now,
  busyId,
  onSetActive,
}: {
  coupons: Coupon[];
  currency: string;
  now: Date;
  /** The coupon whose change is on its way (its button waits). */
  busyId: string | null;
  onSetActive: (coupon: Coupon, active: boolean) => void;
}) {
  return (
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
            render: (_, coupon) => <span className="ed-nowrap">{discountText(coupon, currency)}</span>,
          },
          {
            key: 'uses',
            title: 'Uses',
            render: (_, coupon) => <span className="ed-nowrap">{usesText(coupon)}</span>,
          },
          {
            key: 'expires',
            title: 'Expires',
            render: (_, coupon) => <span className="ed-nowrap">{expiryText(coupon)}</span>,
          },
          {
            key: 'status',
            title: 'Status',
            render: (_, coupon) => {
              const status = couponStatus(coupon, now);
              return <Tag style={tagTone(STATUS_TONE[status])}>{status}</Tag>;
            },
          },
          {
            key: 'action',
            title: <span className="cp-visually-hidden">Actions</span>,
            render: (_, coupon) => {
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
            },
          },
        ]}
      />
    </div>
  );
}
