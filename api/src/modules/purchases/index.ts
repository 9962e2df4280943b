/**
 * Purchases (the `purchases` collection): checkout, verification, fulfilment, refunds and their
 * reconciliation. The top of the money path: calls coupons (prices, uses), enrollments, certificates
 * (revoked by a refund), courses, users and mail (the receipt), and the payment gateway.
 */
export { type Fulfilment, type FulfilmentOptions, fulfilment, purchaseKey, saleOf } from './fulfilment.js';
export { type PurchaseRecords, purchaseRecords } from './records.js';
export { PURCHASE_INDEXES, type PurchaseDoc, type PurchaseStatus } from './repository.js';
export { checkoutRoutes, type PurchaseServices, purchaseRoutes } from './routes.js';
export {
  type AdminPurchaseRecord,
  ALREADY_ENROLLED,
  type ChargeRouting,
  COUPON_GONE,
  COURSE_BELOW_MINIMUM,
  OPEN_CHECKOUT_OTHER_PRICE,
  type PurchaseCollaborators,
  type PurchaseRecord,
  type PurchasesService,
  purchasesService,
  SECOND_PAYMENT_REFUNDED,
} from './service.js';
