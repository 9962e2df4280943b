import path from 'node:path';
import { PLACEHOLDER_AVATAR_PATH } from './auth/index.js';
import { callerOf } from './auth/middleware.js';
import type { AppDeps } from './deps.js';
import { requireAdmin } from './http/require-admin.js';
import { adminEmailsOf } from './modules/admin-emails/index.js';
// #36: educator analytics: counters (ports of the ledger, enrollments, learning) and their reads.
import { analyticsCounters, analyticsService } from './modules/analytics/index.js';
import { announcementsService } from './modules/announcements/index.js';
import { categoriesService } from './modules/categories/index.js';
import { certificatesService } from './modules/certificates/index.js';
// #36: Stripe Connect Express, between the ledger and purchases.
import { connectService } from './modules/connect/index.js';
import { couponsService, couponUses } from './modules/coupons/index.js';
import { catalogCache, catalogOf, courseRecords } from './modules/courses/index.js';
import { discussionNotices, discussionsService } from './modules/discussions/index.js';
import { courseLifecycle, educatorService } from './modules/educator/index.js';
import { educatorRequestsOf } from './modules/educator-requests/index.js';
import { enrollmentsService } from './modules/enrollments/index.js';
import { continueLearningService, learningService } from './modules/learning/index.js';
// #36: the educators' ledger and local payouts.
import { ledgerService } from './modules/ledger/index.js';
import { uploadQuota } from './modules/media/index.js';
import { notesService } from './modules/notes/index.js';
import { type Notify, notificationsService } from './modules/notifications/index.js';
import { payoutsService } from './modules/payouts/index.js';
import { projectsService } from './modules/projects/index.js';
import { purchasesService } from './modules/purchases/index.js';
import { quizzesService } from './modules/quizzes/index.js';
import { releasesService } from './modules/releases/index.js';
import { resourcesService } from './modules/resources/index.js';
import { reviewsService } from './modules/reviews/index.js';
import { cachedUserData, instructorProfilesOf, userRecords, usersOf } from './modules/users/index.js';
import { type OnVideoUploaded, transcodingQueue, videosService, videoUsageKey } from './modules/videos/index.js';
import { wishlistService } from './modules/wishlist/index.js';

const videoUploadDirOf = (config: AppDeps['config']) => path.join(config.dataDir, 'video-uploads');

/**
 * The transcoding queue (#33) as the API and the standalone worker (video-worker.ts) both build it:
 * uploads and staging under DATA_DIR, the VIDEO_* settings, the video quota given back through media.
 */
export function videoTranscoding(
  { store, clock, config, logger }: Pick<AppDeps, 'store' | 'clock' | 'config' | 'logger'>,
  quota: ReturnType<typeof uploadQuota>,
) {
  return transcodingQueue(store, clock, {
    uploadDir: videoUploadDirOf(config),
    stagingDir: path.join(config.dataDir, 'video-staging'),
    ...config.videoJobs,
    releaseQuota: (ownerId, bytes) => quota.release(videoUsageKey(ownerId), bytes),
    logError: (error, message) => logger.error({ err: error }, message),
    publicApiUrl: config.publicApiUrl,
  });
}

/**
 * The composition root: every service of the API, built once from the app's dependencies, lowest
 * module first (mail → admin-emails → users → notifications → auth → media → categories → courses →
 * enrollments → learning → quizzes → reviews → discussions, notes → certificates → coupons → ledger →
 * connect → purchases → payouts → analytics → resources → projects → videos → educator, wishlist, announcements, the rest). A module
 * calls only modules below it; where a lower module needs something of a higher one, it is given a
 * port here (categories' course counts). The routers get what they use from this object.
 */
export function composeServices(deps: AppDeps) {
  const { store, clock, config, mailer, logger, payments } = deps;
  const appOrigin = new URL(config.publicAppUrl).origin;

  const adminEmails = adminEmailsOf(store, clock);
  const isAdmin = adminEmails.isAdmin.bind(adminEmails);
  /** The one admin-only middleware (after `authenticate`): one read of the allow-list, as before. */
  const adminOnly = requireAdmin((ctx) => adminEmails.assertAdmin(callerOf(ctx.state)));

  const userData = userRecords(store);
  const users = usersOf(store, adminEmails, clock, config.publicApiUrl + PLACEHOLDER_AVATAR_PATH);
  const profiles = instructorProfilesOf(store, clock);

  // #35: notifications, low (mail, users); higher modules tell users through `notify` (their port).
  const notifications = notificationsService(store, clock, {
    mailer,
    logger,
    appOrigin,
    publicApiUrl: config.publicApiUrl,
    linkKey: deps.auth.linkKey,
    ...config.notifications,
  });
  /** `notify` for events that stand whether or not the telling works (a reply, an approval): failures are logged. */
  const tell: Notify = (userId, kind, input) =>
    notifications.notify(userId, kind, input).catch((error: unknown) => {
      logger.error({ err: error, kind }, 'notifying a user failed');
      return null;
    });

  const courseData = courseRecords(store);
  // Categories are below courses: what they need of courses comes through this port.
  const categories = categoriesService(store, clock, courseData);
  const catalog = catalogCache(store, () => categories.byName());

  // #36: analytics' counters need only the store: built here, below the modules that report to them
  // (their ports). A counter that fails is logged, never fails the write it counts (the rebuild repairs it).
  const counters = analyticsCounters(store);
  const counted =
    <E>(what: string, write: (event: E) => Promise<void>) =>
    (event: E) =>
      write(event).catch((error: unknown) => {
        logger.error({ err: error }, `counting ${what} for analytics failed`);
      });
  const enrollments = enrollmentsService(store, clock, {
    onEnrollment: counted('an enrollment', counters.onEnrollment),
  });
  const learning = learningService(store, clock, { onProgress: counted('progress', counters.onProgress) });
  const quizzes = quizzesService(store, clock, learning);
  const reviews = reviewsService(store, clock, learning.checkAccess, tell, {
    onRating: counted('a rating', counters.onRating),
  });
  // #35: Q&A on lessons and private lesson notes, above learning (its enrollment check).
  const discussions = discussionsService(store, clock, {
    checkEnrolled: learning.checkAccess,
    isAdmin,
    // An answer to your question, a reply from the educator, your answer accepted.
    events: discussionNotices(tell),
    logError: (error, message) => logger.error({ err: error }, message),
  });
  const notes = notesService(store, clock, learning.checkAccess);
  const certificates = certificatesService(store, clock, learning);
  const coupons = couponsService(store, clock);
  // #36: the ledger is below purchases, which records each sale and refund in it; simulated
  // purchases reach it in demo mode only (as the dashboard counts them, `countSimulated`).
  const ledger = ledgerService(store, clock, {
    ...config.ledger,
    countSimulated: config.mode === 'demo',
    onSaleEntry: counted('a sale', counters.onSaleEntry),
  });
  // #36: Connect (Stripe mode only): destination charges for educators whose account takes charges.
  const connect = connectService(store, clock, { gateway: payments.connect, ledger, appOrigin });
  const purchases = purchasesService(store, clock, config, payments.gateway, mailer, logger, {
    enrollments,
    certificates,
    coupons,
    couponUses: couponUses(store, clock),
    ledger,
    charges: connect,
  });
  // #36: analytics' reads (above purchases, reviews): its rebuild reads the sources through these.
  const analytics = analyticsService(store, clock, {
    saleEventsOfCourse: ledger.saleEventsOfCourse,
    enrollmentDatesOfCourse: enrollments.datesOfCourse,
    progressOfCourse: learning.statesOfCourse,
    ratingsOfCourses: reviews.ratingsOfCourses,
  });
  const quota = uploadQuota(store);
  const resources = resourcesService(store, clock, {
    quota,
    linkKey: deps.auth.linkKey,
    publicApiUrl: config.publicApiUrl,
    isAdmin,
  });
  const projects = projectsService(store, clock, {
    learning,
    resources,
    notify: tell,
    publicAppUrl: appOrigin,
  });
  const videoUploadDir = videoUploadDirOf(config);
  // The transcoding job queue (#33): an accepted upload becomes a `transcode-video` job; server.ts starts it.
  const transcoding = videoTranscoding(deps, quota);
  const onVideoUploaded: OnVideoUploaded = ({ videoId }) => transcoding.enqueue(videoId);
  const videos = videosService(store, clock, {
    quota,
    quotaBytes: config.videoQuotaMb * 1024 * 1024,
    uploadDir: videoUploadDir,
    onVideoUploaded,
    logError: (error, message) => logger.error({ err: error }, message),
    publicApiUrl: config.publicApiUrl,
    linkKey: deps.auth.linkKey,
    urlTtlS: config.videoUrlTtlS,
    isAdmin,
  });
  const wishlist = wishlistService(store, clock, mailer, logger, appOrigin, catalog);
  // #35: course announcements, fanned out to the students by a job through `notify`.
  const announcements = announcementsService(store, clock, {
    notify: notifications.notify,
    isAdmin,
    checkEnrolled: learning.checkAccess,
    logger,
    jobPollMs: config.notifications.jobPollMs,
  });

  return {
    adminEmails,
    requireAdmin: adminOnly,
    isAdmin,
    users,
    userData: cachedUserData(users, store),
    profileName: async (userId: string) => (await userData.byId(userId, { name: 1 }))?.name ?? null,
    assertEducator: userData.assertEducator,
    profiles,
    educatorRequests: educatorRequestsOf(store, clock, tell),
    categories,
    catalog,
    publicCatalog: catalogOf(store),
    enrollments,
    learning,
    quizzes,
    continueLearning: continueLearningService(store),
    reviews,
    // #35
    discussions,
    notes,
    certificates,
    coupons,
    purchases,
    // #36
    ledger,
    connect,
    payouts: payoutsService(store, clock, ledger),
    analytics,
    quota,
    wishlist,
    resources,
    projects,
    videos,
    videoUploadDir,
    transcoding,
    educator: educatorService(store, clock, config.publicApiUrl, config.mode === 'demo', {
      quizzes,
      resources,
      videos,
    }),
    lifecycle: courseLifecycle(store, clock, isAdmin, config.publicApiUrl, {
      coupons,
      quota,
      quizzes,
      resources,
      projects,
      videos,
      // #35
      discussions,
      notes,
    }),
    releases: releasesService(store, clock),
    // #35
    notifications,
    announcements,
  };
}
export type Services = ReturnType<typeof composeServices>;
