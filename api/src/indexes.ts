import { RATE_LIMIT_INDEXES } from './limits/index.js';
import { ADMIN_EMAIL_INDEXES } from './modules/admin-emails/index.js';
import { ANALYTICS_INDEXES } from './modules/analytics/index.js';
import { ANNOUNCEMENT_INDEXES } from './modules/announcements/index.js';
import { AUTH_INDEXES } from './modules/auth/index.js';
import { CATEGORY_INDEXES } from './modules/categories/index.js';
import { CERTIFICATE_INDEXES } from './modules/certificates/index.js';
import { CONNECT_INDEXES } from './modules/connect/index.js';
import { COUPON_INDEXES } from './modules/coupons/index.js';
import { COURSE_INDEXES } from './modules/courses/index.js';
import { DISCUSSION_INDEXES } from './modules/discussions/index.js';
import { EDUCATOR_REQUEST_INDEXES } from './modules/educator-requests/index.js';
import { ENROLLMENT_INDEXES } from './modules/enrollments/index.js';
import { PROGRESS_INDEXES } from './modules/learning/index.js';
import { LEDGER_INDEXES } from './modules/ledger/index.js';
import { MAIL_INDEXES } from './modules/mail/index.js';
import { NOTE_INDEXES } from './modules/notes/index.js';
import { NOTIFICATION_INDEXES } from './modules/notifications/index.js';
import { PAYOUT_INDEXES } from './modules/payouts/index.js';
import { PROJECT_INDEXES } from './modules/projects/index.js';
import { PURCHASE_INDEXES } from './modules/purchases/index.js';
import { QUIZ_INDEXES } from './modules/quizzes/index.js';
import { RESOURCE_INDEXES } from './modules/resources/index.js';
import { REVIEW_INDEXES } from './modules/reviews/index.js';
import { VIDEO_INDEXES } from './modules/videos/index.js';
import { WISHLIST_INDEXES } from './modules/wishlist/index.js';
import type { IndexSpec } from './store/index.js';

/** Every index the API relies on; created at start (idempotent). */
export const INDEXES: readonly IndexSpec[] = [
  ...AUTH_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  ...ADMIN_EMAIL_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  ...EDUCATOR_REQUEST_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  ...COURSE_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  ...PURCHASE_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  ...PROGRESS_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  ...QUIZ_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  ...REVIEW_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  ...MAIL_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  ...ENROLLMENT_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  ...COUPON_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  ...CERTIFICATE_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  ...CATEGORY_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  ...WISHLIST_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  ...PROJECT_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  ...RESOURCE_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  ...VIDEO_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  // #35
  ...NOTIFICATION_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  ...ANNOUNCEMENT_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  // #35: questions, answers, votes; lesson notes.
  ...DISCUSSION_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  ...NOTE_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  // #36: the ledger's idempotency keys and payout sequence; payout records.
  ...LEDGER_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  ...PAYOUT_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  // #36: Connect accounts (one per Stripe account), their payouts.
  ...CONNECT_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  // #36: analytics' counters by course.
  ...ANALYTICS_INDEXES.map((spec) => ({ ...spec, fields: [...spec.fields] })),
  ...RATE_LIMIT_INDEXES,
];
