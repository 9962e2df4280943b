import { generateKeyPairSync } from 'node:crypto';
import { FileStore } from '@tus/file-store';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalIssuer } from '../src/auth/local-issuer.js';
import { composeServices } from '../src/compose.js';
import { type CouponDoc, couponKey } from '../src/modules/coupons/repository.js';
import type { ChapterDoc, CourseDoc } from '../src/modules/courses/repository.js';
import type { AnswerDoc, QuestionDoc } from '../src/modules/discussions/repository.js';
import type { EducatorRequestDoc } from '../src/modules/educator-requests/repository.js';
import { processImage } from '../src/modules/media/pipeline.js';
import { thumbnailBlobs } from '../src/modules/media/thumbnails.js';
import { unsubscribeTokens } from '../src/modules/notifications/index.js';
import type { PurchaseDoc } from '../src/modules/purchases/repository.js';
import { releasesService } from '../src/modules/releases/service.js';
import { type RatingDoc, ratingsRepository } from '../src/modules/reviews/repository.js';
import { newReviewId } from '../src/modules/reviews/service.js';
import type { UserDoc } from '../src/modules/users/repository.js';
import { CHECKOUT_TTL_MS, type LocalCheckoutDoc } from '../src/payments/gateways/local.js';
import { buildPayments } from '../src/payments/index.js';
import { newId } from '../src/store/index.js';
import { SHELL_ORIGIN, startTestApi, type TestApi, testSigningKey } from './support/http.js';
import { bearer, PASSWORD, postJson, userWithProfile } from './support/identity.js';
import { thumbnailPng } from './support/png.js';
import { routeKeys } from './support/routes.js';

/**
 * The authorization table: every route the routers declare × every kind of caller. A route
 * without an entry here, or an entry without a route, fails the suite, so no route goes untested.
 */

// ---------------------------------------------------------------------------------------------
// Callers

/** Signed-in people with profiles, each calling with a fresh token of their own. */
const PRINCIPALS = ['student', 'owner', 'otherEducator', 'admin'] as const;
/** Tokens that must be refused: each is the admin's own claims with exactly one thing wrong. */
const BAD_TOKENS = ['malformed', 'expired', 'foreignKey', 'otherAzp'] as const;
const CALLERS = ['anonymous', ...BAD_TOKENS, ...PRINCIPALS] as const;

type Principal = (typeof PRINCIPALS)[number];
type Caller = (typeof CALLERS)[number];
/** Whose ids and e-mails may leak: the principals, plus a bystander who never calls. */
type Person = Principal | 'bystander';
const PEOPLE: readonly Person[] = [...PRINCIPALS, 'bystander'];

/** An educator's id is public: it names their instructor page, and every card of their courses carries it. */
const EDUCATORS: readonly Person[] = ['owner', 'otherEducator'];
const everyoneSees = (people: readonly Person[]) =>
  Object.fromEntries(CALLERS.map((caller) => [caller, people])) as Partial<Record<Caller, readonly Person[]>>;

const isPrincipal = (caller: Caller): caller is Principal => (PRINCIPALS as readonly string[]).includes(caller);
const isBadToken = (caller: Caller) => (BAD_TOKENS as readonly string[]).includes(caller);

// ---------------------------------------------------------------------------------------------
// Access classes

type Access =
  /** Nobody's identity matters; a token, even a bad one, is ignored. */
  | 'public'
  /** Anonymous callers are served; a token, when sent, must be valid (course details). */
  | 'optional-auth'
  /** Local accounts: credentials travel in the body or the session cookie; bearer tokens neither help nor hurt. */
  | 'local-auth'
  /** The development outbox: public outside production, 404 in production. */
  | 'dev-only'
  /** Any valid token. */
  | 'signed-in'
  /** A valid token of a student enrolled in the course (403 for anyone else). */
  | 'enrolled'
  /** An enrolled student, or the course's owner previewing (403 for anyone else): a quiz to take. */
  | 'enrolled-or-owner'
  /** An enrolled student, the course's owner or an admin (403 for anyone else): a course's Q&A (#35). */
  | 'course-member'
  /** A valid token of the purchase's buyer; anyone else's is 404, so the purchase's existence stays hidden. */
  | 'buyer'
  /** A valid token of a user with the educator role (403 for anyone else). */
  | 'educator'
  /** A valid token with a verified e-mail on the admin allow-list (403 for anyone else). */
  | 'admin'
  /** The educator who owns the course or coupon (403 for anyone else, other educators and admins too). */
  | 'owner'
  /** The owner, or an admin reading (403 for anyone else). */
  | 'owner-or-admin'
  /** Any educator (their own things), or an admin reading (403 for anyone else). */
  | 'educator-or-admin'
  /** #35: a course's members: its enrolled students, its educator and admins (403 for anyone else). */
  | 'member'
  /** Stripe's signature on the raw body; bearer tokens grant nothing (400 without a valid signature). */
  | 'webhook'
  /** The local gateway's hosted checkout pages: the unguessable session id is the capability; HTML, not JSON. */
  | 'checkout-page';

const OK = 'ok' as const;
type Outcome = typeof OK | number;

/** What each class answers each caller: `ok` is the route's success status. */
function rule(access: Access, caller: Caller): Outcome {
  const unauthenticated = caller === 'anonymous' || isBadToken(caller);
  switch (access) {
    case 'public':
    case 'local-auth':
    case 'dev-only':
    case 'checkout-page':
      return OK;
    case 'optional-auth':
      return isBadToken(caller) ? 401 : OK;
    case 'webhook':
      return 400;
    case 'signed-in':
      return unauthenticated ? 401 : OK;
    case 'enrolled':
      return unauthenticated ? 401 : caller === 'student' ? OK : 403;
    case 'enrolled-or-owner':
      return unauthenticated ? 401 : caller === 'student' || caller === 'owner' ? OK : 403;
    case 'course-member':
      return unauthenticated ? 401 : caller === 'otherEducator' ? 403 : OK;
    case 'buyer':
      return unauthenticated ? 401 : caller === 'student' ? OK : 404;
    case 'educator':
      return unauthenticated ? 401 : caller === 'owner' || caller === 'otherEducator' ? OK : 403;
    case 'admin':
      return unauthenticated ? 401 : caller === 'admin' ? OK : 403;
    case 'owner':
      return unauthenticated ? 401 : caller === 'owner' ? OK : 403;
    case 'owner-or-admin':
      return unauthenticated ? 401 : caller === 'owner' || caller === 'admin' ? OK : 403;
    case 'educator-or-admin':
      return unauthenticated ? 401 : caller === 'student' ? 403 : OK;
    case 'member':
      return unauthenticated ? 401 : caller === 'otherEducator' ? 403 : OK;
  }
}

// ---------------------------------------------------------------------------------------------
// The apps and the data

const WEBHOOK_SECRET = 'whsec_authorization_suite';
const api = await startTestApi();
const ROUTES = routeKeys(api.deps);
/** Stripe mode, for the webhook: the client never reaches the network (signatures are checked locally). */
let stripeApi: TestApi;
const offlineStripe = new Stripe('sk_test_unused', {
  host: '127.0.0.1',
  port: 9,
  protocol: 'http',
  maxNetworkRetries: 0,
});

interface Account {
  token: string;
  userId: string;
  email: string;
}
const people = {} as Record<Person, Account>;
const authorization = {} as Record<Caller, string | undefined>;
let courseA: CourseDoc; // the owner's; the student is enrolled and paid for it
let courseB: CourseDoc; // the owner's; nobody is enrolled (purchases)
let courseC: CourseDoc; // the other educator's
let courseQ: CourseDoc; // the owner's, with a quiz lesson (#32); the student is enrolled
const quizLesson = () => courseQ.courseContent[0]?.chapterContent[2]?.lectureId ?? '';
const QUESTION_ID = newId();
const OPTION_IDS = [newId(), newId()];
let studentPurchaseId: string;
let studentCertificateId: string; // the student completed courseA
let mediaId: string;
let resourceId: string; // a file on courseA's paid lecture (#32)
let projectLectureId: string; // courseA's project lesson (#32)

const PNG = thumbnailPng(5, 32, 18);
const paidUrl = (course: CourseDoc) => `https://video.example.com/paid/${course._id}`;
/** Paid lecture URLs and who may see them: the owner and enrolled students. */
const paidUrls = (): Array<{ url: string; entitled: Caller[] }> => [
  { url: paidUrl(courseA), entitled: ['owner', 'student'] },
  { url: paidUrl(courseB), entitled: ['owner'] },
  { url: paidUrl(courseC), entitled: ['otherEducator'] },
];

function courseOf(owner: Account, title: string): CourseDoc {
  const _id = newId();
  const lecture = (n: number, free: boolean) => ({
    lectureId: newId(),
    lectureTitle: `Lecture ${n}`,
    lectureDuration: 10,
    lectureUrl: free ? `https://video.example.com/free/${_id}` : `https://video.example.com/paid/${_id}`,
    isPreviewFree: free,
    lectureOrder: n,
  });
  return {
    _id,
    courseTitle: title,
    courseDescription: '<p>About the course</p>',
    courseThumbnail: 'http://localhost:4000/api/media/none',
    coursePrice: 499,
    discount: 20,
    educator: { _id: owner.userId, name: 'Teacher' },
    courseContent: [
      {
        chapterId: newId(),
        chapterTitle: 'One',
        chapterOrder: 1,
        chapterContent: [lecture(1, true), lecture(2, false)],
      },
    ],
    courseRatings: [],
    enrolledStudents: [],
    isPublished: true,
    createdAt: new Date(),
  };
}

let sequence = 0;
const freshEmail = (label: string) => `${label}-${++sequence}-${newId().slice(0, 8)}@example.com`;
const local = () => {
  const service = api.deps.auth.local;
  if (!service) throw new Error('the suite runs in local auth mode');
  return service;
};

/** A session cookie of a fresh account (sign-in sets it). */
async function freshSessionCookie(): Promise<string> {
  const email = freshEmail('cookie');
  await local().createAccount({ name: 'Cookie', email, password: PASSWORD, emailVerified: true });
  const res = await api.request('/api/auth/sign-in', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** The token of an unused e-mail confirmation link (each link works once). */
async function freshVerificationToken(): Promise<string> {
  const email = freshEmail('confirm');
  const account = await local().createAccount({ name: 'Confirm', email, password: PASSWORD, emailVerified: false });
  await local().resendVerification(account._id);
  const mail = (await api.deps.mailer.outbox(50)).find((m) => m.to === email);
  return new URL(mail?.link ?? '').searchParams.get('token') ?? '';
}

/** A completed purchase of someone who is none of the people above (each refund needs its own). */
async function freshCompletedPurchaseId(): Promise<string> {
  const purchase: PurchaseDoc = {
    _id: newId(),
    userId: `user_${newId()}`,
    courseId: courseB._id,
    educatorId: people.owner.userId,
    amount: 39_920,
    currency: 'INR',
    status: 'completed',
    createdAt: new Date(),
    completedAt: new Date(),
    fulfilledAt: new Date(),
    gateway: 'local',
  };
  await api.deps.store.collection<PurchaseDoc>('purchases').insertOne(purchase);
  return purchase._id;
}

/** A payout record of an educator who is none of the people above (#36). */
async function freshPayoutId(): Promise<string> {
  const _id = newId();
  await api.deps.store.collection('payouts').insertOne({
    _id,
    entryKey: `payout:run-2026-01-01:edu_${_id}`,
    runId: 'run-2026-01-01',
    educatorId: `edu_${_id}`,
    amount: 1000,
    status: 'processing',
    createdAt: new Date('2026-01-01T00:00:00.000Z'),
    bankReference: null,
    paidAt: null,
  });
  return _id;
}

/** A pending educator request of someone who is none of the people above. */
async function freshPendingRequestId(): Promise<string> {
  const applicant = `user_${newId()}`;
  const request: EducatorRequestDoc = {
    _id: newId(),
    userId: applicant,
    name: 'Applicant',
    email: freshEmail('applicant'),
    imageUrl: '',
    requestedAt: new Date(),
    status: 'pending',
    pendingFor: applicant,
  };
  await api.deps.store.collection<EducatorRequestDoc>('educatorRequests').insertOne(request);
  return request._id;
}

async function freshAdminEmailId(): Promise<string> {
  const _id = newId();
  await api.deps.store
    .collection('adminEmails')
    .insertOne({ _id, email: freshEmail('extra-admin'), addedBy: null, addedAt: new Date() });
  return _id;
}

async function freshCheckoutId(): Promise<string> {
  const _id = `cs_local_${newId()}`;
  const now = new Date();
  await api.deps.store.collection<LocalCheckoutDoc>('checkoutSessions').insertOne({
    _id,
    purchaseId: newId(),
    courseTitle: courseB.courseTitle,
    amount: 39_920,
    successUrl: `${SHELL_ORIGIN}/loading/my-enrollments?purchaseId=x`,
    cancelUrl: `${SHELL_ORIGIN}/course/${courseB._id}`,
    status: 'open',
    expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
    createdAt: now,
  });
  return _id;
}

/** A course of the owner's, published or a draft, that only the call about to be made uses. */
async function freshCourse(status: 'published' | 'draft' = 'published'): Promise<string> {
  const course = {
    ...courseOf(people.owner, `Fresh ${status} course`),
    status,
    isPublished: status === 'published',
  };
  await api.deps.store.collection<CourseDoc>('courses').insertOne(course);
  return course._id;
}

/** #35: an announcement of the owner's on courseA that only the call about to be made uses. */
async function freshAnnouncement(): Promise<string> {
  const _id = newId();
  const now = new Date();
  await api.deps.store.collection('announcements').insertOne({
    _id,
    courseId: courseA._id,
    authorId: people.owner.userId,
    title: 'Fresh announcement',
    body: '<p>Hello</p>',
    createdAt: now,
    updatedAt: now,
    fannedOutAt: now,
  });
  return _id;
}

/** #35: the bystander's one-click unsubscribe link (a path with its signed token). */
const unsubscribePath = () =>
  `/api/notifications/unsubscribe?token=${encodeURIComponent(
    unsubscribeTokens(api.deps.auth.linkKey).sign(people.bystander.userId, { type: 'kind', kind: 'answer' }),
  )}`;

/**
 * A tus upload of the owner's, made without the upload route (whose per-minute limit the callers
 * would otherwise exhaust): its record, its quota, and the file tus resumes.
 */
async function freshUpload(): Promise<string> {
  const _id = newId();
  const services = composeServices(api.deps);
  await services.videos.created(_id, people.owner.userId, 'clip.mp4', 1000);
  const store = new FileStore({ directory: services.videoUploadDir });
  await store.create({ id: _id, size: 1000, offset: 0, metadata: { ownerId: people.owner.userId } } as never);
  return _id;
}
const TUS_UPLOADS = '/api/educator/videos/uploads';

/**
 * A ready video of the owner's as the transcoding stores one (#33), without transcoding: a
 * playlist, a segment, the posters as blobs, and (with `captions`) an English track.
 */
async function freshReadyVideo(captions = false): Promise<string> {
  const _id = newId();
  const blob = (n: number) => `vid-${_id}-${newId()}-${n}`;
  const files = [
    { path: 'master.m3u8', blob: blob(0), contentType: 'application/vnd.apple.mpegurl', bytes: 8 },
    { path: '360p/seg_000.ts', blob: blob(1), contentType: 'video/mp2t', bytes: 188 },
  ];
  await api.deps.store.blobs.put(files[0]?.blob ?? '', Buffer.from('#EXTM3U\n'), 'application/vnd.apple.mpegurl');
  await api.deps.store.blobs.put(files[1]?.blob ?? '', Buffer.alloc(188, 0x47), 'video/mp2t');
  const poster = blob(2);
  await api.deps.store.blobs.put(poster, PNG, 'image/webp');
  const caption = { lang: 'en', label: 'English', cues: 1, bytes: 40, blob: `vcap-${_id}-${newId()}` };
  if (captions)
    await api.deps.store.blobs.put(caption.blob, Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n'), 'text/vtt');
  await api.deps.store.collection('videos').insertOne({
    _id,
    ownerId: people.owner.userId,
    status: 'ready',
    fileName: 'clip.mp4',
    size: 1000,
    uploadOffset: 1000,
    probe: null,
    failureReason: null,
    quotaBytes: 0,
    durationS: 30,
    master: 'master.m3u8',
    renditions: [{ name: '360p', width: 640, height: 360, playlist: '360p/index.m3u8' }],
    files,
    posterBlob: poster,
    posterJpegBlob: poster,
    captions: captions ? [caption] : [],
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  return _id;
}
let hostedVideoId: string; // a ready video of the owner's, played by courseA's hosted lesson (#33)
let hostedLectureId: string;

/** A submission for courseA's project by someone who is none of the people above, for one review. */
async function freshSubmissionId(): Promise<string> {
  const _id = newId();
  await api.deps.store.collection('projectSubmissions').insertOne({
    _id,
    userId: `user_${newId()}`,
    courseId: courseA._id,
    lectureId: projectLectureId,
    educatorId: people.owner.userId,
    kind: 'link',
    url: 'https://example.com/work',
    note: '',
    status: 'submitted',
    submittedAt: new Date(),
  });
  return _id;
}

/** The student's file submission (for another lesson id: one per student and lesson), for its file link. */
async function studentFileSubmissionId(): Promise<string> {
  const _id = newId();
  await api.deps.store.collection('projectSubmissions').insertOne({
    _id,
    userId: people.student.userId,
    courseId: courseA._id,
    lectureId: newId(),
    educatorId: people.owner.userId,
    kind: 'file',
    fileId: resourceId,
    fileName: 'notes.pdf',
    size: 10,
    note: '',
    status: 'submitted',
    submittedAt: new Date(),
  });
  return _id;
}

function resourceForm(): FormData {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]), 'notes.pdf');
  return form;
}

/** A written review of courseA by someone who is none of the people above, for one call (a reply, a hide). */
async function freshReviewId(): Promise<string> {
  const userId = `user_${newId()}`;
  const review: RatingDoc = {
    _id: `${userId}:${courseA._id}`,
    userId,
    courseId: courseA._id,
    rating: 4,
    text: 'A fresh review',
    reviewId: newReviewId(),
    createdAt: new Date(),
    updatedAt: new Date(),
  };
  await ratingsRepository(api.deps.store).insertOne(review);
  return review.reviewId as string;
}

// #35: questions, answers and notes on courseA's first lesson, each for one call.
const firstLesson = () => courseA.courseContent[0]?.chapterContent[0]?.lectureId ?? '';

/** A question on courseA, by the student (who may then edit, delete or accept) or by the bystander. */
async function freshQuestionId(author: Person = 'student'): Promise<string> {
  const _id = newId();
  const title = `A fresh question ${_id}`;
  await api.deps.store.collection<QuestionDoc>('questions').insertOne({
    _id,
    courseId: courseA._id,
    lectureId: firstLesson(),
    authorId: people[author].userId,
    byInstructor: false,
    title,
    body: '<p>Why?</p>',
    searchText: title,
    createdAt: new Date(),
    answerCount: 0,
    upvotes: 0,
  });
  return _id;
}

/** An answer to a fresh question of the student's, by the student or by the bystander. */
async function freshAnswerId(author: Person = 'student'): Promise<{ questionId: string; answerId: string }> {
  const questionId = await freshQuestionId();
  const answerId = newId();
  await api.deps.store.collection<AnswerDoc>('answers').insertOne({
    _id: answerId,
    questionId,
    courseId: courseA._id,
    authorId: people[author].userId,
    byInstructor: false,
    body: '<p>Because.</p>',
    createdAt: new Date(),
    upvotes: 0,
  });
  await api.deps.store
    .collection<QuestionDoc>('questions')
    .updateOne({ _id: questionId }, { $inc: { answerCount: 1 } });
  return { questionId, answerId };
}

/** The student's note on courseA's first lesson. */
async function freshNoteId(): Promise<string> {
  const _id = newId();
  await api.deps.store.collection('lessonNotes').insertOne({
    _id,
    userId: people.student.userId,
    courseId: courseA._id,
    lectureId: firstLesson(),
    text: 'A private note',
    videoSeconds: 42,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  return _id;
}

/** The student's own review of courseA, there again for the call about to be made (DELETE removes it). */
async function studentReviewOfA(): Promise<void> {
  const userId = people.student.userId;
  await ratingsRepository(api.deps.store).updateOne(
    { _id: `${userId}:${courseA._id}` },
    {
      $set: {
        userId,
        courseId: courseA._id,
        rating: 5,
        text: 'Loved it',
        createdAt: new Date(),
        updatedAt: new Date(),
      },
    },
    { upsert: true },
  );
}

/** A coupon of courseB's (the owner's), for one call. */
async function freshCouponId(): Promise<string> {
  const _id = newId();
  await api.deps.store.collection<CouponDoc>('coupons').insertOne({
    _id,
    courseId: courseB._id,
    educatorId: people.owner.userId,
    code: `C${_id.slice(0, 10).toUpperCase()}`,
    codeKey: couponKey(courseB._id, `C${_id.slice(0, 10)}`),
    percentOff: 10,
    uses: 0,
    reserved: 0,
    active: true,
    createdAt: new Date(),
  });
  return _id;
}

function newCourseForm(): FormData {
  const form = new FormData();
  form.set(
    'courseData',
    JSON.stringify({
      courseTitle: 'Authored in the authorization suite',
      coursePrice: 100,
      discount: 0,
      courseContent: [
        {
          chapterTitle: 'Only',
          chapterContent: [
            {
              lectureTitle: 'Only',
              lectureDuration: 1,
              lectureUrl: 'https://youtu.be/dQw4w9WgXcQ',
              isPreviewFree: true,
            },
          ],
        },
      ],
    }),
  );
  form.append('image', new Blob([PNG], { type: 'image/png' }), 'thumb.png');
  return form;
}

function thumbnailForm(): FormData {
  const form = new FormData();
  form.append('image', new Blob([PNG], { type: 'image/png' }), 'thumb.png');
  return form;
}

function unsignedEvent(): string {
  return JSON.stringify({
    id: `evt_${newId()}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: 'cs_x', object: 'checkout.session', metadata: { purchaseId: studentPurchaseId } } },
  });
}

// ---------------------------------------------------------------------------------------------
// The table

interface Call {
  path?: string;
  json?: unknown;
  form?: FormData;
  body?: string;
  headers?: Record<string, string>;
}

interface Entry {
  access: Access;
  /** The status of a caller who is let through (default 200). */
  ok?: number;
  /** A valid request, built afresh for every caller (some, like confirmation links, work once). */
  call?: () => Call | Promise<Call>;
  /** Callers answered otherwise than their class says, though the handler was reached (e.g. 409). */
  except?: Partial<Record<Caller, number>>;
  /** Other people whose ids and e-mails this caller is entitled to see in the answer. */
  reveals?: Partial<Record<Caller, readonly Person[]>>;
  /** Which app serves the request (the webhook needs Stripe mode). */
  app?: 'stripe';
  /** Runs after every caller had its try (e.g. new sessions for routes that end them). */
  after?: () => Promise<void>;
}

const TABLE: Record<string, Entry> = {
  'GET /api/health': { access: 'public' },
  'GET /api/health/live': { access: 'public' },
  'GET /api/config': { access: 'public' },
  'GET /api/assets/avatar.svg': { access: 'public' },

  'POST /api/auth/sign-up': {
    access: 'local-auth',
    ok: 202,
    call: () => ({ json: { name: 'Newcomer', email: freshEmail('signup'), password: PASSWORD } }),
  },
  'POST /api/auth/sign-in': {
    access: 'local-auth',
    call: async () => {
      const email = freshEmail('signin');
      await local().createAccount({ name: 'Returning', email, password: PASSWORD, emailVerified: true });
      return { json: { email, password: PASSWORD } };
    },
  },
  'POST /api/auth/refresh': {
    access: 'local-auth',
    call: async () => ({ headers: { Cookie: await freshSessionCookie() }, json: {} }),
  },
  'POST /api/auth/sign-out': {
    access: 'local-auth',
    call: async () => ({ headers: { Cookie: await freshSessionCookie() }, json: {} }),
  },
  'POST /api/auth/forgot-password': {
    access: 'local-auth',
    ok: 202,
    call: () => ({ json: { email: freshEmail('forgot') } }),
  },
  // A link nobody was sent: 400 shows the handler was reached.
  'POST /api/auth/reset-password': {
    access: 'local-auth',
    ok: 400,
    call: () => ({ json: { token: 'x'.repeat(43), password: 'a new password' } }),
  },
  // The wrong current password: 400 shows the handler was reached, and nobody's password changes.
  'POST /api/auth/change-password': {
    access: 'signed-in',
    ok: 400,
    call: () => ({ json: { currentPassword: 'not the password', newPassword: 'a new password' } }),
  },
  'POST /api/auth/sign-out-everywhere': { access: 'signed-in', call: () => ({ json: {} }), after: signInEveryoneAgain },
  'GET /api/auth/verify-email': {
    access: 'local-auth',
    ok: 302,
    call: async () => ({ path: `/api/auth/verify-email?token=${await freshVerificationToken()}` }),
  },
  'POST /api/auth/verify-email': {
    access: 'local-auth',
    call: async () => ({ json: { token: await freshVerificationToken() } }),
  },
  'POST /api/auth/resend-verification': { access: 'signed-in', call: () => ({ json: {} }) },
  'GET /api/auth/dev-outbox': { access: 'dev-only' },

  'GET /api/user/data': { access: 'signed-in' },
  // Every principal already has a profile: 409 shows the handler was reached.
  'POST /api/user/create': { access: 'signed-in', ok: 409, call: () => ({ json: { name: 'Again' } }) },
  'POST /api/user/update-roles': { access: 'signed-in', call: () => ({ json: { action: 'add', role: 'student' } }) },
  'POST /api/user/request-educator': {
    access: 'signed-in',
    ok: 201,
    except: { owner: 409, otherEducator: 409 }, // already educators
  },
  'GET /api/user/educator-request': { access: 'signed-in' },
  'GET /api/user/educator-requests': { access: 'admin', reveals: { admin: PEOPLE } },
  'POST /api/user/approve-educator-request': {
    access: 'admin',
    call: async () => ({ json: { requestId: await freshPendingRequestId() } }),
  },
  'POST /api/user/reject-educator-request': {
    access: 'admin',
    call: async () => ({ json: { requestId: await freshPendingRequestId(), reason: 'Not yet' } }),
  },
  'GET /api/user/admin-emails': { access: 'admin' },
  'POST /api/user/add-admin-email': {
    access: 'admin',
    ok: 201,
    call: () => ({ json: { email: freshEmail('new-admin') } }),
  },
  'POST /api/user/remove-admin-email': {
    access: 'admin',
    call: async () => ({ json: { emailId: await freshAdminEmailId() } }),
  },

  'GET /api/course/all': { access: 'public', reveals: everyoneSees(EDUCATORS) },
  'GET /api/course/:id': {
    access: 'optional-auth',
    call: () => ({ path: `/api/course/${courseA._id}` }),
    reveals: everyoneSees(['owner']),
  },
  'GET /api/media/:id': { access: 'public', call: () => ({ path: `/api/media/${mediaId}` }) },
  'GET /api/instructors/:id': {
    access: 'public',
    call: () => ({ path: `/api/instructors/${people.owner.userId}` }),
    reveals: everyoneSees(['owner']),
  },
  'GET /api/media/:id/:file': { access: 'public', call: () => ({ path: `/api/media/${mediaId}/32.webp` }) },

  'POST /api/educator/add-course': { access: 'educator', ok: 201, call: () => ({ form: newCourseForm() }) },
  'GET /api/educator/courses': { access: 'educator' },
  'GET /api/educator/dashboard': { access: 'educator', reveals: { owner: ['student'] } },
  'GET /api/educator/profile': { access: 'educator' },
  'PATCH /api/educator/profile': { access: 'educator', call: () => ({ json: { bio: 'Teaching since 2010.' } }) },
  'GET /api/educator/courses/:id': {
    access: 'owner-or-admin',
    call: async () => ({ path: `/api/educator/courses/${await freshCourse()}` }),
  },
  'PATCH /api/educator/courses/:id': {
    access: 'owner',
    call: async () => ({ path: `/api/educator/courses/${await freshCourse()}`, json: { courseTitle: 'Renamed' } }),
  },
  'DELETE /api/educator/courses/:id': {
    access: 'owner',
    call: async () => ({ path: `/api/educator/courses/${await freshCourse('draft')}` }),
  },
  'PUT /api/educator/courses/:id/thumbnail': {
    access: 'owner',
    call: async () => ({ path: `/api/educator/courses/${await freshCourse()}/thumbnail`, form: thumbnailForm() }),
  },
  'POST /api/educator/courses/:id/publish': {
    access: 'owner',
    call: async () => ({ path: `/api/educator/courses/${await freshCourse('draft')}/publish` }),
  },
  'POST /api/educator/courses/:id/unpublish': {
    access: 'owner',
    call: async () => ({ path: `/api/educator/courses/${await freshCourse()}/unpublish` }),
  },
  'POST /api/educator/courses/:id/archive': {
    access: 'owner',
    call: async () => ({ path: `/api/educator/courses/${await freshCourse()}/archive` }),
  },
  'POST /api/educator/coupons': {
    access: 'owner',
    ok: 201,
    call: () => ({ json: { courseId: courseB._id, code: `NEW${newId().slice(0, 12)}`, percentOff: 10 } }),
  },
  'GET /api/educator/coupons': { access: 'educator-or-admin' },
  'PATCH /api/educator/coupons/:id': {
    access: 'owner',
    call: async () => ({ path: `/api/educator/coupons/${await freshCouponId()}`, json: { active: false } }),
  },
  'POST /api/user/apply-coupon': {
    access: 'signed-in',
    call: () => ({ json: { courseId: courseB._id, code: 'authz10' } }),
  },
  'GET /api/educator/enrolled-students': { access: 'educator', reveals: { owner: ['student'] } },

  'POST /api/user/purchase': { access: 'signed-in', call: () => ({ json: { courseId: courseB._id } }) },
  'POST /api/user/verify-payment': { access: 'buyer', call: () => ({ json: { purchaseId: studentPurchaseId } }) },
  'GET /api/user/purchases': { access: 'signed-in' },
  'GET /api/admin/purchases': { access: 'admin', reveals: { admin: PEOPLE } },
  'POST /api/admin/refund-purchase': {
    access: 'admin',
    call: async () => ({ json: { purchaseId: await freshCompletedPurchaseId() } }),
  },
  'POST /api/stripe/webhook': {
    access: 'webhook',
    app: 'stripe',
    call: () => ({
      body: unsignedEvent(),
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=0' },
    }),
  },

  // Each course's card names its educator (their public id).
  'GET /api/user/enrolled-courses': { access: 'signed-in', reveals: { student: ['owner'] } },
  // The caller's own unfinished courses: titles and lectures, nobody's ids.
  'GET /api/user/continue-learning': { access: 'signed-in' },
  'POST /api/user/get-course-progress': { access: 'enrolled', call: () => ({ json: { courseId: courseA._id } }) },
  'POST /api/user/update-course-progress': {
    access: 'enrolled',
    call: () => ({
      json: { courseId: courseA._id, lectureId: courseA.courseContent[0]?.chapterContent[1]?.lectureId },
    }),
  },
  'POST /api/user/save-position': {
    access: 'enrolled',
    call: () => ({
      json: { courseId: courseA._id, lectureId: courseA.courseContent[0]?.chapterContent[1]?.lectureId, seconds: 42 },
    }),
  },
  'POST /api/user/add-rating': { access: 'enrolled', call: () => ({ json: { courseId: courseA._id, rating: 4 } }) },
  // Discovery (#21).
  'GET /api/course/suggest': { access: 'public', call: () => ({ path: '/api/course/suggest?q=owned' }) },
  'GET /api/categories': { access: 'public' },
  'POST /api/admin/categories': {
    access: 'admin',
    ok: 201,
    call: () => ({ json: { name: `Category ${newId().slice(0, 10)}` } }),
  },
  'PATCH /api/admin/categories/:slug': {
    access: 'admin',
    call: async () => ({ path: `/api/admin/categories/${await freshCategory()}`, json: { name: 'Renamed category' } }),
  },
  'DELETE /api/admin/categories/:slug': {
    access: 'admin',
    call: async () => ({ path: `/api/admin/categories/${await freshCategory()}` }),
  },
  // Portal releases (#22): the plan is public (the shell's server reads it); the rest is the admin's
  // (or the release token's, tested in releases.test.ts).
  'GET /api/releases': { access: 'public' },
  'GET /api/admin/releases': { access: 'admin' },
  'GET /api/admin/releases/audit': { access: 'admin' },
  'POST /api/admin/releases/:portal': {
    access: 'admin',
    call: () => ({ path: '/api/admin/releases/storefront', json: { version: freshVersion() } }),
  },
  'POST /api/admin/releases/:portal/promote': {
    access: 'admin',
    call: async () => {
      await releases().release('learner', freshVersion(), 10, 'setup');
      return { path: '/api/admin/releases/learner/promote' };
    },
  },
  'POST /api/admin/releases/:portal/rollback': {
    access: 'admin',
    call: async () => {
      const earlier = freshVersion();
      await releases().release('educator', earlier, undefined, 'setup');
      await releases().release('educator', freshVersion(), undefined, 'setup');
      return { path: '/api/admin/releases/educator/rollback', json: { version: earlier } };
    },
  },
  'DELETE /api/admin/releases/:portal/canary': {
    access: 'admin',
    call: async () => {
      await releases().release('admin', freshVersion(), 10, 'setup');
      return { path: '/api/admin/releases/admin/canary' };
    },
  },
  'GET /api/user/wishlist': { access: 'signed-in', reveals: everyoneSees(EDUCATORS) },
  'PUT /api/user/wishlist/:courseId': {
    access: 'signed-in',
    call: () => ({ path: `/api/user/wishlist/${courseA._id}` }),
  },
  'DELETE /api/user/wishlist/:courseId': {
    access: 'signed-in',
    call: () => ({ path: `/api/user/wishlist/${courseA._id}` }),
  },
  // #35: notifications (each caller's own) and course announcements.
  'GET /api/notifications': { access: 'signed-in' },
  'GET /api/notifications/unread-count': { access: 'signed-in' },
  'POST /api/notifications/read-all': { access: 'signed-in' },
  // A well-formed id of nobody's notification: 404 shows the handler was reached (each caller's own is in notifications.test.ts).
  'POST /api/notifications/:id/read': {
    access: 'signed-in',
    ok: 404,
    call: () => ({ path: `/api/notifications/${newId()}/read` }),
  },
  'GET /api/notifications/preferences': { access: 'signed-in' },
  'PUT /api/notifications/preferences': { access: 'signed-in', call: () => ({ json: { mail: { answer: true } } }) },
  // The signed token is the proof: no sign-in, and a bearer token neither helps nor hurts.
  'GET /api/notifications/unsubscribe': { access: 'public', call: () => ({ path: unsubscribePath() }) },
  'POST /api/notifications/unsubscribe': { access: 'public', call: () => ({ path: unsubscribePath() }) },
  'GET /api/courses/:courseId/announcements': {
    access: 'member',
    call: () => ({ path: `/api/courses/${courseA._id}/announcements` }),
    reveals: everyoneSees(['owner']),
  },
  'POST /api/courses/:courseId/announcements': {
    access: 'owner-or-admin',
    ok: 201,
    call: async () => ({
      path: `/api/courses/${await freshCourse()}/announcements`,
      json: { title: 'Hello', body: '<p>Welcome</p>' },
    }),
  },
  'PATCH /api/courses/:courseId/announcements/:id': {
    access: 'owner',
    call: async () => ({
      path: `/api/courses/${courseA._id}/announcements/${await freshAnnouncement()}`,
      json: { title: 'Edited' },
    }),
  },
  'DELETE /api/courses/:courseId/announcements/:id': {
    access: 'owner-or-admin',
    call: async () => ({ path: `/api/courses/${courseA._id}/announcements/${await freshAnnouncement()}` }),
  },
  'GET /api/course/:id/reviews': {
    access: 'public',
    call: () => ({ path: `/api/course/${courseA._id}/reviews?page=1` }),
  },
  'GET /api/user/reviews/:courseId': { access: 'enrolled', call: () => ({ path: `/api/user/reviews/${courseA._id}` }) },
  'PUT /api/user/reviews/:courseId': {
    access: 'enrolled',
    call: () => ({ path: `/api/user/reviews/${courseA._id}`, json: { rating: 5, text: 'Loved it' } }),
  },
  'DELETE /api/user/reviews/:courseId': {
    access: 'enrolled',
    call: async () => {
      await studentReviewOfA();
      return { path: `/api/user/reviews/${courseA._id}` };
    },
    after: studentReviewOfA,
  },
  'GET /api/educator/reviews': { access: 'educator' },
  // #32: lesson resources and project submissions.
  'POST /api/educator/resources': { access: 'educator', ok: 201, call: () => ({ form: resourceForm() }) },
  'GET /api/courses/:courseId/resources/:resourceId/link': {
    access: 'enrolled',
    except: { owner: 200, admin: 200 },
    call: () => ({ path: `/api/courses/${courseA._id}/resources/${resourceId}/link` }),
  },
  // The signed link is the capability: whoever holds one downloads, with or without a token.
  'GET /api/resources/:id/download': {
    access: 'public',
    call: () => {
      const { url } = composeServices(api.deps).resources.signedLink(resourceId);
      return { path: new URL(url).pathname + new URL(url).search };
    },
  },
  'POST /api/user/courses/:courseId/projects/:lectureId/submission': {
    access: 'enrolled',
    call: () => ({
      path: `/api/user/courses/${courseA._id}/projects/${projectLectureId}/submission`,
      json: { url: 'https://github.com/student/project', note: 'Done' },
    }),
  },
  'GET /api/user/courses/:courseId/projects/:lectureId/submission': {
    access: 'enrolled',
    call: () => ({ path: `/api/user/courses/${courseA._id}/projects/${projectLectureId}/submission` }),
  },
  // #33: hosted video over tus; another educator's upload or video is answered as an unknown one.
  'POST /api/educator/videos/uploads': {
    access: 'educator',
    ok: 201,
    call: () => ({ headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '1000' } }),
  },
  'PATCH /api/educator/videos/uploads/:id': {
    access: 'owner',
    ok: 204,
    except: { otherEducator: 404 },
    call: async () => ({
      path: `${TUS_UPLOADS}/${await freshUpload()}`,
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
      body: 'x'.repeat(10),
    }),
  },
  'DELETE /api/educator/videos/uploads/:id': {
    access: 'owner',
    ok: 204,
    except: { otherEducator: 404 },
    call: async () => ({ path: `${TUS_UPLOADS}/${await freshUpload()}`, headers: { 'Tus-Resumable': '1.0.0' } }),
  },
  'GET /api/educator/videos': { access: 'educator' },
  'GET /api/educator/videos/:id': {
    access: 'owner',
    except: { otherEducator: 404 },
    call: async () => ({ path: `/api/educator/videos/${await freshUpload()}` }),
  },
  'DELETE /api/educator/videos/:id': {
    access: 'owner',
    except: { otherEducator: 404 },
    call: async () => ({ path: `/api/educator/videos/${await freshUpload()}` }),
  },
  // #33: captions, playback (the lesson's access, as a resource link), posters and stream files.
  'PUT /api/educator/videos/:id/captions/:lang': {
    access: 'owner',
    except: { otherEducator: 404 },
    call: async () => ({
      path: `/api/educator/videos/${await freshReadyVideo()}/captions/en`,
      json: { label: 'English', text: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n' },
    }),
  },
  'DELETE /api/educator/videos/:id/captions/:lang': {
    access: 'owner',
    except: { otherEducator: 404 },
    call: async () => ({ path: `/api/educator/videos/${await freshReadyVideo(true)}/captions/en` }),
  },
  'GET /api/educator/videos/:id/playback': {
    access: 'owner',
    except: { otherEducator: 404 },
    call: async () => ({ path: `/api/educator/videos/${await freshReadyVideo()}/playback` }),
  },
  'GET /api/videos/:videoId/playback': {
    access: 'enrolled',
    except: { owner: 200, admin: 200 },
    call: () => ({
      path: `/api/videos/${hostedVideoId}/playback?courseId=${courseA._id}&lectureId=${hostedLectureId}`,
    }),
  },
  'GET /api/videos/:videoId/:file': {
    access: 'public',
    call: () => ({ path: `/api/videos/${hostedVideoId}/poster.webp` }),
  },
  // The signed URL is the capability, as a download link's.
  'GET /api/stream/:token/:file': {
    access: 'public',
    call: async () => {
      const playback = await composeServices(api.deps).videos.ownPlayback(people.owner.userId, hostedVideoId);
      return { path: new URL(playback.src).pathname };
    },
  },
  'GET /api/stream/:token/:dir/:file': {
    access: 'public',
    call: async () => {
      const playback = await composeServices(api.deps).videos.ownPlayback(people.owner.userId, hostedVideoId);
      return { path: new URL(playback.src).pathname.replace(/master\.m3u8$/, '360p/seg_000.ts') };
    },
  },
  'GET /api/educator/project-submissions': { access: 'educator', reveals: { owner: ['student'] } },
  'GET /api/educator/project-submissions/count': { access: 'educator' },
  // Another educator's submission is answered as an unknown one.
  'POST /api/educator/project-submissions/:id/review': {
    access: 'owner',
    except: { otherEducator: 404 },
    call: async () => ({
      path: `/api/educator/project-submissions/${await freshSubmissionId()}/review`,
      json: { decision: 'changes', comment: 'Please add tests' },
    }),
  },
  'GET /api/project-submissions/:id/file-link': {
    access: 'signed-in',
    except: { otherEducator: 404, admin: 404 },
    call: async () => ({ path: `/api/project-submissions/${await studentFileSubmissionId()}/file-link` }),
  },
  'POST /api/educator/reviews/:reviewId/reply': {
    access: 'owner',
    call: async () => ({ path: `/api/educator/reviews/${await freshReviewId()}/reply`, json: { text: 'Thank you!' } }),
  },
  'GET /api/admin/reviews': { access: 'admin' },
  'POST /api/admin/reviews/:reviewId/hide': {
    access: 'admin',
    call: async () => ({ path: `/api/admin/reviews/${await freshReviewId()}/hide`, json: { reason: 'Spam' } }),
  },
  'POST /api/admin/reviews/:reviewId/restore': {
    access: 'admin',
    call: async () => ({ path: `/api/admin/reviews/${await freshReviewId()}/restore` }),
  },
  // #36: the educators' ledger and payouts. An educator sees only their own money; admins through admin routes.
  'GET /api/educator/ledger': { access: 'educator' },
  'GET /api/educator/statements/:month.csv': {
    access: 'educator',
    call: () => ({ path: `/api/educator/statements/${new Date().toISOString().slice(0, 7)}.csv` }),
  },
  'GET /api/educator/statements/:month.pdf': {
    access: 'educator',
    call: () => ({ path: `/api/educator/statements/${new Date().toISOString().slice(0, 7)}.pdf` }),
  },
  'GET /api/educator/balance': { access: 'educator' },
  'GET /api/educator/payouts': { access: 'educator' },
  // #36: analytics. Any educator reads their own (all their courses); a course's lessons only its
  // owner: another educator's course answers 404, as a course that does not exist.
  'GET /api/educator/analytics': { access: 'educator' },
  'GET /api/educator/analytics.csv': { access: 'educator' },
  'GET /api/educator/analytics/courses/:courseId/lessons': {
    access: 'owner',
    except: { otherEducator: 404 },
    call: () => ({ path: `/api/educator/analytics/courses/${courseA._id}/lessons` }),
  },
  'GET /api/educator/analytics/courses/:courseId/lessons.csv': {
    access: 'owner',
    except: { otherEducator: 404 },
    call: () => ({ path: `/api/educator/analytics/courses/${courseA._id}/lessons.csv` }),
  },
  // #36: Stripe Connect. The caller's own account only (their id is the key); without Stripe the
  // handler answers 409 (no Connect here), which educators reach and nobody else does.
  'POST /api/educator/payouts/connect': { access: 'educator', except: { owner: 409, otherEducator: 409 } },
  'GET /api/educator/payouts/account': { access: 'educator' },
  'POST /api/stripe/connect-webhook': {
    access: 'webhook',
    app: 'stripe',
    call: () => ({
      body: unsignedEvent().replace('checkout.session.completed', 'account.updated'),
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=0' },
    }),
  },
  'GET /api/admin/platform-fee': { access: 'admin' },
  'PUT /api/admin/platform-fee': { access: 'admin', call: () => ({ json: { percent: 20 } }) },
  'PUT /api/admin/educators/:id/fee': {
    access: 'admin',
    call: () => ({ path: `/api/admin/educators/${people.owner.userId}/fee`, json: { percent: null } }),
  },
  'POST /api/admin/educators/:id/adjustments': {
    access: 'admin',
    ok: 201,
    call: () => ({
      path: `/api/admin/educators/${people.otherEducator.userId}/adjustments`,
      json: { amount: 100, reason: 'Authorization suite' },
    }),
  },
  'GET /api/admin/balances': { access: 'admin', reveals: { admin: EDUCATORS } },
  // #36: every educator's Connect state (without Stripe, as here: nothing to list).
  'GET /api/admin/connect-accounts': { access: 'admin' },
  'GET /api/admin/payouts': { access: 'admin', reveals: { admin: EDUCATORS } },
  'POST /api/admin/payouts/run': {
    access: 'admin',
    call: () => ({ json: { cutoff: new Date().toISOString().slice(0, 10) } }),
  },
  'PUT /api/admin/payouts/:id': {
    access: 'admin',
    call: async () => ({
      path: `/api/admin/payouts/${await freshPayoutId()}`,
      json: { bankReference: 'NEFT-42', paidAt: '2026-01-02' },
    }),
  },
  'POST /api/admin/educators/:id/hold': {
    access: 'admin',
    call: () => ({ path: `/api/admin/educators/${people.otherEducator.userId}/hold`, json: { reason: 'Checking' } }),
  },
  'DELETE /api/admin/educators/:id/hold': {
    access: 'admin',
    call: async () => {
      await api.deps.store
        .collection('payoutHolds')
        .updateOne(
          { _id: people.otherEducator.userId },
          { $set: { reason: 'Checking', since: new Date(), by: 'suite' } },
          { upsert: true },
        );
      return { path: `/api/admin/educators/${people.otherEducator.userId}/hold` };
    },
  },
  'GET /api/user/certificates/:courseId': {
    access: 'enrolled',
    call: () => ({ path: `/api/user/certificates/${courseA._id}` }),
  },
  'GET /api/user/certificates/:courseId/pdf': {
    access: 'enrolled',
    call: () => ({ path: `/api/user/certificates/${courseA._id}/pdf` }),
  },
  'GET /api/certificates/:id': {
    access: 'public',
    call: () => ({ path: `/api/certificates/${studentCertificateId}` }),
  },

  // Questions and answers (#35): the course's enrolled students, its educator and admins; authors
  // edit and delete their own (the student's, here); the asker or the educator accepts.
  'GET /api/courses/:courseId/questions': {
    access: 'course-member',
    call: () => ({ path: `/api/courses/${courseA._id}/questions?sort=top` }),
  },
  'POST /api/courses/:courseId/questions': {
    access: 'course-member',
    ok: 201,
    call: () => ({
      path: `/api/courses/${courseA._id}/questions`,
      json: { lectureId: firstLesson(), title: `Asked ${newId()}`, body: '<p>How?</p>' },
    }),
  },
  'GET /api/questions/:id': {
    access: 'course-member',
    call: async () => ({ path: `/api/questions/${await freshQuestionId('bystander')}` }),
  },
  'PATCH /api/questions/:id': {
    access: 'enrolled',
    call: async () => ({ path: `/api/questions/${await freshQuestionId()}`, json: { title: 'A better title' } }),
  },
  'DELETE /api/questions/:id': {
    access: 'enrolled',
    call: async () => ({ path: `/api/questions/${await freshQuestionId()}` }),
  },
  'GET /api/questions/:id/answers': {
    access: 'course-member',
    call: async () => ({ path: `/api/questions/${(await freshAnswerId('bystander')).questionId}/answers` }),
  },
  'POST /api/questions/:id/answers': {
    access: 'course-member',
    ok: 201,
    call: async () => ({
      path: `/api/questions/${await freshQuestionId('bystander')}/answers`,
      json: { body: `<p>Answered ${newId()}</p>` },
    }),
  },
  'PATCH /api/answers/:id': {
    access: 'enrolled',
    call: async () => ({ path: `/api/answers/${(await freshAnswerId()).answerId}`, json: { body: 'Edited' } }),
  },
  'DELETE /api/answers/:id': {
    access: 'enrolled',
    call: async () => ({ path: `/api/answers/${(await freshAnswerId()).answerId}` }),
  },
  'PUT /api/questions/:id/vote': {
    access: 'course-member',
    call: async () => ({ path: `/api/questions/${await freshQuestionId('bystander')}/vote` }),
  },
  'DELETE /api/questions/:id/vote': {
    access: 'course-member',
    call: async () => ({ path: `/api/questions/${await freshQuestionId('bystander')}/vote` }),
  },
  'PUT /api/answers/:id/vote': {
    access: 'course-member',
    call: async () => ({ path: `/api/answers/${(await freshAnswerId('bystander')).answerId}/vote` }),
  },
  'DELETE /api/answers/:id/vote': {
    access: 'course-member',
    call: async () => ({ path: `/api/answers/${(await freshAnswerId('bystander')).answerId}/vote` }),
  },
  'POST /api/questions/:id/accept': {
    access: 'enrolled-or-owner',
    call: async () => {
      const { questionId, answerId } = await freshAnswerId('bystander');
      return { path: `/api/questions/${questionId}/accept`, json: { answerId } };
    },
  },
  'DELETE /api/questions/:id/accept': {
    access: 'enrolled-or-owner',
    call: async () => ({ path: `/api/questions/${(await freshAnswerId('bystander')).questionId}/accept` }),
  },
  'GET /api/educator/questions': { access: 'educator' },
  'GET /api/educator/questions/unanswered-count': { access: 'educator' },
  'POST /api/admin/questions/:id/hide': {
    access: 'admin',
    call: async () => ({
      path: `/api/admin/questions/${await freshQuestionId('bystander')}/hide`,
      json: { reason: 'Spam' },
    }),
  },
  'POST /api/admin/questions/:id/restore': {
    access: 'admin',
    call: async () => ({ path: `/api/admin/questions/${await freshQuestionId('bystander')}/restore` }),
  },
  'POST /api/admin/answers/:id/hide': {
    access: 'admin',
    call: async () => ({
      path: `/api/admin/answers/${(await freshAnswerId('bystander')).answerId}/hide`,
      json: { reason: 'Spam' },
    }),
  },
  'POST /api/admin/answers/:id/restore': {
    access: 'admin',
    call: async () => ({ path: `/api/admin/answers/${(await freshAnswerId('bystander')).answerId}/restore` }),
  },
  // #35: the admins' Q&A moderation list.
  'GET /api/admin/discussions': { access: 'admin' },
  // Notes (#35): the student's own only; anyone else's note is 404 as an unknown one.
  'GET /api/courses/:courseId/notes': {
    access: 'enrolled',
    call: () => ({ path: `/api/courses/${courseA._id}/notes` }),
  },
  'GET /api/courses/:courseId/notes/export': {
    access: 'enrolled',
    call: () => ({ path: `/api/courses/${courseA._id}/notes/export` }),
  },
  'POST /api/courses/:courseId/notes': {
    access: 'enrolled',
    ok: 201,
    call: () => ({ path: `/api/courses/${courseA._id}/notes`, json: { lectureId: firstLesson(), text: 'At 0:42' } }),
  },
  'PATCH /api/notes/:id': {
    access: 'enrolled',
    except: { owner: 404, otherEducator: 404, admin: 404 },
    call: async () => ({ path: `/api/notes/${await freshNoteId()}`, json: { text: 'Edited note' } }),
  },
  'DELETE /api/notes/:id': {
    access: 'enrolled',
    except: { owner: 404, otherEducator: 404, admin: 404 },
    call: async () => ({ path: `/api/notes/${await freshNoteId()}` }),
  },

  // Quizzes (#32): the owner may preview a quiz; only an enrolled student submits attempts.
  'GET /api/user/courses/:courseId/quizzes/:lectureId': {
    access: 'enrolled-or-owner',
    call: () => ({ path: `/api/user/courses/${courseQ._id}/quizzes/${quizLesson()}` }),
  },
  'POST /api/user/courses/:courseId/quizzes/:lectureId/attempts': {
    access: 'enrolled',
    ok: 201,
    call: () => ({
      path: `/api/user/courses/${courseQ._id}/quizzes/${quizLesson()}/attempts`,
      json: { answers: [{ questionId: QUESTION_ID, optionIds: [OPTION_IDS[0]] }] },
    }),
  },
  'GET /api/educator/quiz-stats': { access: 'educator' },

  'GET /checkout/:id': {
    access: 'checkout-page',
    call: async () => ({ path: `/checkout/${await freshCheckoutId()}` }),
  },
  'POST /checkout/:id/pay': {
    access: 'checkout-page',
    ok: 303,
    call: async () => ({ path: `/checkout/${await freshCheckoutId()}/pay` }),
  },
  'POST /checkout/:id/cancel': {
    access: 'checkout-page',
    ok: 303,
    call: async () => ({ path: `/checkout/${await freshCheckoutId()}/cancel` }),
  },
};

let versionCount = 0;
/** A version no portal has had yet. */
const freshVersion = () => `1.0.${++versionCount}`;
const releases = () => releasesService(api.deps.store, api.deps.clock);

/** A category nobody uses, for each call that renames or deletes one. */
async function freshCategory(): Promise<string> {
  const slug = `category-${newId().slice(0, 10)}`;
  await api.deps.store.collection('categories').insertOne({ _id: slug, name: slug, createdAt: new Date() });
  return slug;
}

// ---------------------------------------------------------------------------------------------
// Set-up

beforeAll(async () => {
  stripeApi = await startTestApi({
    config: { payments: { mode: 'stripe', secretKey: 'sk_test_unused', webhookSecret: WEBHOOK_SECRET } },
    payments: (config, store, clock) => buildPayments(config, store, clock, offlineStripe),
  });

  const person = async (label: Person, options: { educator?: boolean; admin?: boolean } = {}) => {
    const email = `${label.toLowerCase()}-${newId().slice(0, 8)}@example.com`;
    people[label] = { ...(await userWithProfile(api, email, options)), email };
  };
  await person('student');
  await person('owner', { educator: true });
  await person('otherEducator', { educator: true });
  await person('admin', { admin: true });
  await person('bystander');
  // The bystander's pending request: only an admin may ever see who asked.
  expect((await postJson(api, '/api/user/request-educator', {}, bearer(people.bystander.token))).status).toBe(201);

  courseA = courseOf(people.owner, 'Owned and sold');
  courseB = courseOf(people.owner, 'Owned, unsold');
  courseC = courseOf(people.otherEducator, 'Someone else’s');
  courseA.enrolledStudents = [people.student.userId];
  // #32: a file on courseA's paid lecture, and a project lesson.
  resourceId = newId();
  const chapterA = courseA.courseContent[0] as ChapterDoc;
  const paidLecture = chapterA.chapterContent[1] as ChapterDoc['chapterContent'][number];
  paidLecture.resources = [
    { resourceId, kind: 'file', title: 'Notes', fileName: 'notes.pdf', size: 10, contentType: 'application/pdf' },
  ];
  projectLectureId = newId();
  chapterA.chapterContent.push({
    lectureId: projectLectureId,
    lectureTitle: 'Project',
    lectureDuration: 30,
    lectureUrl: '',
    isPreviewFree: false,
    lectureOrder: 3,
    lessonKind: 'project',
    projectBrief: '<p>Build it</p>',
  });
  await api.deps.store.collection('resources').insertOne({
    _id: resourceId,
    ownerId: people.owner.userId,
    courseId: courseA._id,
    lectureId: paidLecture.lectureId,
    title: 'Notes',
    fileName: 'notes.pdf',
    contentType: 'application/pdf',
    size: 10,
    purpose: 'lesson',
    quotaBytes: 0,
    createdAt: new Date(),
  });
  await api.deps.store.blobs.put(`resource-${resourceId}`, Buffer.from('%PDF-1.4\n'), 'application/pdf');
  // #33: a paid lesson of courseA plays a hosted video.
  hostedVideoId = await freshReadyVideo(true);
  hostedLectureId = newId();
  chapterA.chapterContent.push({
    lectureId: hostedLectureId,
    lectureTitle: 'Hosted',
    lectureDuration: 1,
    hostedVideoId,
    captionLanguages: ['en'],
    isPreviewFree: false,
    lectureOrder: 4,
  });
  courseQ = courseOf(people.owner, 'Owned, with a quiz');
  courseQ.enrolledStudents = [people.student.userId];
  courseQ.courseContent[0]?.chapterContent.push({
    lectureId: newId(),
    lectureTitle: 'Quiz',
    lectureDuration: 5,
    isPreviewFree: false,
    lectureOrder: 3,
    lessonKind: 'quiz',
    quiz: { questionCount: 1, passPercent: 100, maxAttempts: null },
  });
  await api.deps.store.collection<CourseDoc>('courses').insertMany([courseA, courseB, courseC, courseQ]);
  await api.deps.store.collection('quizzes').insertOne({
    _id: quizLesson(),
    courseId: courseQ._id,
    passPercent: 100,
    maxAttempts: null,
    shuffleQuestions: false,
    shuffleOptions: false,
    questions: [
      {
        questionId: QUESTION_ID,
        kind: 'single',
        prompt: 'Which?',
        options: [
          { optionId: OPTION_IDS[0], text: 'This one', correct: true },
          { optionId: OPTION_IDS[1], text: 'That one', correct: false },
        ],
        acceptedAnswers: [],
        explanation: 'Because.',
      },
    ],
    updatedAt: new Date(),
  });
  await api.deps.store
    .collection<UserDoc>('users')
    .updateOne({ _id: people.student.userId }, { $addToSet: { enrolledCourses: courseA._id } });
  await studentReviewOfA();
  studentPurchaseId = newId();
  await api.deps.store.collection<PurchaseDoc>('purchases').insertOne({
    _id: studentPurchaseId,
    userId: people.student.userId,
    courseId: courseA._id,
    educatorId: people.owner.userId,
    amount: 39_920,
    currency: 'INR',
    status: 'completed',
    createdAt: new Date(),
    completedAt: new Date(),
    gateway: 'local',
  });
  await api.deps.store.collection<CouponDoc>('coupons').insertOne({
    _id: newId(),
    courseId: courseB._id,
    educatorId: people.owner.userId,
    code: 'AUTHZ10',
    codeKey: couponKey(courseB._id, 'AUTHZ10'),
    percentOff: 10,
    uses: 0,
    reserved: 0,
    active: true,
    createdAt: new Date(),
  });
  await api.deps.store.collection('progress').insertOne({
    _id: newId(),
    userId: people.student.userId,
    courseId: courseA._id,
    lectureCompleted: courseA.courseContent.flatMap((chapter) => chapter.chapterContent.map((l) => l.lectureId)),
  });
  const certificate = await composeServices(api.deps).certificates.mine(people.student.userId, courseA._id);
  studentCertificateId = certificate._id;
  mediaId = newId();
  await api.deps.store.blobs.put(mediaId, Buffer.from(PNG), 'image/png');
  await thumbnailBlobs(api.deps.store).save(await processImage(Buffer.from(PNG)), mediaId);

  // The bad tokens carry the admin's own claims; each has exactly one defect.
  const issuer = createLocalIssuer(await testSigningKey(), `${api.deps.config.publicApiUrl}/api/auth`);
  const foreignKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  const adminClaims = {
    sub: people.admin.userId,
    sid: `sess_${newId()}`,
    azp: SHELL_ORIGIN,
    email: people.admin.email,
    email_verified: true,
    name: 'admin',
  };
  const now = new Date();
  authorization.anonymous = undefined;
  authorization.malformed = 'Bearer not-a-jwt';
  authorization.expired = `Bearer ${issuer.sign(adminClaims, new Date(now.getTime() - 60 * 60_000)).token}`;
  authorization.foreignKey = `Bearer ${createLocalIssuer(foreignKey, `${api.deps.config.publicApiUrl}/api/auth`).sign(adminClaims, now).token}`;
  authorization.otherAzp = `Bearer ${issuer.sign({ ...adminClaims, azp: 'http://evil.example' }, now).token}`;
  for (const principal of PRINCIPALS) authorization[principal] = `Bearer ${people[principal].token}`;

  // Control: the same claims, signed properly and in time, are the admin.
  const control = await api.json('/api/user/data', { headers: bearer(issuer.sign(adminClaims, now).token) });
  expect(control.status).toBe(200);
  expect((control.body.user as { roles: string[] }).roles).toContain('admin');
});

/** Signs every principal in afresh (after a route that ended their sessions). */
async function signInEveryoneAgain(): Promise<void> {
  for (const principal of PRINCIPALS) {
    const { body } = await postJson(api, '/api/auth/sign-in', { email: people[principal].email, password: PASSWORD });
    people[principal].token = body.token as string;
    authorization[principal] = `Bearer ${people[principal].token}`;
  }
}

afterAll(async () => {
  await stripeApi?.close();
  await api.close();
});

// ---------------------------------------------------------------------------------------------
// The checks

async function send(route: string, entry: Entry, caller: Caller) {
  const [method = 'GET', routePath = '/'] = route.split(' ');
  const call = (await entry.call?.()) ?? {};
  const headers: Record<string, string> = { ...call.headers };
  const token = authorization[caller];
  if (token) headers.Authorization = token;
  let body: RequestInit['body'] = call.body ?? call.form;
  if (call.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(call.json);
  }
  const app = entry.app === 'stripe' ? stripeApi : api;
  const res = await app.request(call.path ?? routePath, { method, headers, body, redirect: 'manual' });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** Nobody sees another person's id or e-mail, or a paid lecture URL, unless the table says so. */
function expectNoLeak(entry: Entry, caller: Caller, text: string) {
  const visible = new Set<Person>([...(isPrincipal(caller) ? [caller] : []), ...(entry.reveals?.[caller] ?? [])]);
  for (const other of PEOPLE) {
    if (visible.has(other)) continue;
    expect(text, `${other}'s e-mail`).not.toContain(people[other].email);
    expect(text, `${other}'s id`).not.toContain(people[other].userId);
  }
  for (const { url, entitled } of paidUrls()) {
    if (!entitled.includes(caller)) expect(text, 'a paid lecture URL').not.toContain(url);
  }
}

describe('the access table', () => {
  it('names only routes that exist', () => {
    expect(Object.keys(TABLE).filter((key) => !ROUTES.includes(key))).toEqual([]);
  });

  it('covers every route the routers declare', () => {
    expect(ROUTES.filter((key) => !(key in TABLE))).toEqual([]);
  });
});

for (const route of ROUTES) {
  const entry = TABLE[route];
  describe(route, () => {
    if (!entry) {
      it('has an entry in the access table', () => {
        expect.fail(`${route} has no entry in the access table of authorization.test.ts`);
      });
      return;
    }
    if (entry.after) afterAll(entry.after);
    it.each(CALLERS)('%s', async (caller) => {
      const outcome = entry.except?.[caller] ?? rule(entry.access, caller);
      const expected = outcome === OK ? (entry.ok ?? 200) : outcome;
      const { status, type, text } = await send(route, entry, caller);
      expect(status, text.slice(0, 300)).toBe(expected);
      if (entry.access === 'checkout-page') {
        expect(type).toMatch(/^text\/html/);
      } else if (status >= 400) {
        expect(JSON.parse(text)).toEqual({ success: false, message: expect.any(String) });
      } else if (type.startsWith('application/json')) {
        expect(JSON.parse(text)).toMatchObject({ success: true });
      }
      expectNoLeak(entry, caller, text);
    });
  });
}

describe('beyond the table', () => {
  it('names the reason for each refused token', async () => {
    const messages: Record<string, string> = {};
    for (const caller of ['anonymous', ...BAD_TOKENS] as const) {
      const token = authorization[caller];
      const { body } = await api.json('/api/user/data', { headers: token ? { Authorization: token } : {} });
      messages[caller] = body.message as string;
    }
    expect(messages).toEqual({
      anonymous: 'Please sign in to continue',
      malformed: 'Invalid session token',
      expired: 'Your session has expired. Please sign in again.',
      foreignKey: 'Invalid session token',
      otherAzp: 'Invalid session token',
    });
  });

  it('accepts a webhook signed with the endpoint secret, and has none without Stripe', async () => {
    const payload = unsignedEvent().replace('checkout.session.completed', 'customer.created');
    const signature = offlineStripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const signed = await stripeApi.json('/api/stripe/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
    });
    expect(signed).toMatchObject({ status: 200, body: { success: true, received: true } });
    const localMode = await api.json('/api/stripe/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature, ...bearer(people.admin.token) },
      body: payload,
    });
    expect(localMode).toMatchObject({ status: 404, body: { success: false, message: 'Not found' } });
  });

  it('hides the development outbox in production', async () => {
    const production = await startTestApi({ config: { env: 'production', mode: 'production' } });
    try {
      expect(await production.json('/api/auth/dev-outbox')).toMatchObject({
        status: 404,
        body: { success: false, message: 'Not found' },
      });
    } finally {
      await production.close();
    }
  });

  it('answers a draft’s or an archived course’s id on the enrolled-only routes as it does an unknown id: 404', async () => {
    const draft = await freshCourse('draft');
    const archived = courseOf(people.owner, 'An archived course');
    await api.deps.store
      .collection<CourseDoc>('courses')
      .insertOne({ ...archived, status: 'archived', isPublished: false });
    const unknown = newId();
    const calls = (courseId: string, lectureId: string) => [
      { path: '/api/user/get-course-progress', method: 'POST', json: { courseId } },
      { path: '/api/user/update-course-progress', method: 'POST', json: { courseId, lectureId } },
      { path: '/api/user/save-position', method: 'POST', json: { courseId, lectureId, seconds: 42 } },
      { path: '/api/user/add-rating', method: 'POST', json: { courseId, rating: 4 } },
      { path: `/api/user/reviews/${courseId}`, method: 'GET' },
      { path: `/api/user/reviews/${courseId}`, method: 'PUT', json: { rating: 5, text: 'Loved it' } },
      { path: `/api/user/reviews/${courseId}`, method: 'DELETE' },
      { path: `/api/user/certificates/${courseId}`, method: 'GET' },
      { path: `/api/user/certificates/${courseId}/pdf`, method: 'GET' },
      { path: `/api/courses/${courseId}/notes`, method: 'GET' },
    ];
    const answers = async (courseId: string, caller: Principal) => {
      const course = await api.deps.store.collection<CourseDoc>('courses').findOne({ _id: courseId });
      const lectureId = course?.courseContent[0]?.chapterContent[0]?.lectureId ?? newId();
      const out: string[] = [];
      for (const call of calls(courseId, lectureId)) {
        const res = await api.request(call.path, {
          method: call.method,
          headers: {
            ...bearer(people[caller].token),
            ...(call.json ? { 'Content-Type': 'application/json' } : {}),
          },
          ...(call.json ? { body: JSON.stringify(call.json) } : {}),
        });
        out.push(`${call.method} ${call.path.replace(courseId, ':id')} ${res.status} ${await res.text()}`);
      }
      return out;
    };
    for (const caller of ['student', 'otherEducator', 'admin'] as const) {
      const expected = await answers(unknown, caller);
      expect(expected[0]).toBe('POST /api/user/get-course-progress 404 {"success":false,"message":"Course not found"}');
      expect(await answers(draft, caller), `${caller}, a draft`).toEqual(expected);
      expect(await answers(archived._id, caller), `${caller}, an archived course`).toEqual(expected);
    }
    // The owner, who sees the draft, is told it is not enrolled in it.
    expect((await answers(draft, 'owner'))[0]).toMatch(/^POST \/api\/user\/get-course-progress 403 /);
  });

  it('shows paid lectures in course details only to the owner and enrolled students', async () => {
    const seen: Record<string, boolean> = {};
    for (const caller of ['anonymous', ...PRINCIPALS] as const) {
      const token = authorization[caller];
      for (const course of [courseA, courseC]) {
        const res = await api.request(`/api/course/${course._id}`, { headers: token ? { Authorization: token } : {} });
        seen[`${caller} ${course === courseA ? 'A' : 'C'}`] = (await res.text()).includes(paidUrl(course));
      }
    }
    expect(seen).toEqual({
      'anonymous A': false,
      'anonymous C': false,
      'student A': true,
      'student C': false,
      'owner A': true,
      'owner C': false,
      'otherEducator A': false,
      'otherEducator C': true,
      'admin A': false,
      'admin C': false,
    });
  });
});
