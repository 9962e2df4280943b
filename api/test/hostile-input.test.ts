import { EventEmitter } from 'node:events';
import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUserLimits } from '../src/http/rate-limit.js';
import { type CouponDoc, couponKey } from '../src/modules/coupons/repository.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import type { EducatorRequestDoc } from '../src/modules/educator-requests/repository.js';
import type { PurchaseDoc } from '../src/modules/purchases/repository.js';
import { releasesService } from '../src/modules/releases/service.js';
import { ratingsRepository } from '../src/modules/reviews/repository.js';
import { newReviewId } from '../src/modules/reviews/service.js';
import type { UserDoc } from '../src/modules/users/repository.js';
import { CHECKOUT_TTL_MS, type LocalCheckoutDoc } from '../src/payments/gateways/local.js';
import { buildPayments } from '../src/payments/index.js';
import { newId } from '../src/store/index.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, PASSWORD, postJson, userWithProfile, verifiedAccount } from './support/identity.js';
import { thumbnailPng } from './support/png.js';
import { routeKeys } from './support/routes.js';

/**
 * Hostile input, generated: every JSON endpoint and the multipart upload get wrong types, missing
 * and extra fields, huge values, deep nesting, prototype keys, MongoDB operators, invalid ids,
 * invalid UTF-8, truncated and oversized bodies, always from a caller who may use the endpoint (so
 * the input reaches validation). Each must be a 4xx `{ success: false, message }`, and the store
 * (every collection, plus the media folder) and the temporary folder must be exactly as before.
 */

// This process gets a temporary folder of its own before anything is imported, so "no stray temp
// files" compares exact listings instead of racing other processes writing to the shared one.
const PRIVATE_TMP = await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs');
  const os = await import('node:os');
  const nodePath = await import('node:path');
  const dir = mkdtempSync(nodePath.join(os.tmpdir(), 'courseport-hostile-'));
  process.env.TMPDIR = dir;
  return dir;
});

/** A seed for reproducing a failure: FC_SEED=<seed printed by fast-check>. */
const FC_OPTIONS = { ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) };
const RUNS = { structured: 30, raw: 20, upload: 25, misc: 20 };

const COLLECTIONS = [
  'accounts',
  'sessions',
  'outbox',
  'users',
  'adminEmails',
  'educatorRequests',
  'courses',
  'purchases',
  'progress',
  'checkoutSessions',
  'uploadUsage',
  'enrollments',
  'ratings',
  'coupons',
  'certificates',
  'categories',
  'wishlist',
  'releases',
  'resources',
  'projectSubmissions',
  'quizzes',
  'quizAttempts',
  'videos',
  // #35
  'notifications',
  'notificationCounters',
  'notificationPrefs',
  'notificationMailWindows',
  'notificationJobs',
  'announcements',
  'announcementJobs',
  'questions',
  'answers',
  'discussionVotes',
  'discussionPosters',
  'discussionOpenCounts',
  'lessonNotes',
  'lessonNoteCounts',
  // #36
  'ledgerEntries',
  'feeSettings',
  'payoutRuns',
  'payouts',
  'payoutHolds',
  'connectAccounts',
  'connectEvents',
  'stripePayouts',
  // #36: analytics' counters.
  'analyticsDays',
  'analyticsLessons',
  'analyticsCourses',
] as const;
/** Counts of attempts, which a refused request rightly adds to (a failed sign-in counts). */
const NOT_SNAPSHOTTED = ['rateLimits'];

// Each request comes from its own address, so the per-IP sign-up and sign-in limits (tested in
// auth.test.ts) never stand between a hostile body and validation.
/** Tells `finished` when the app is done with a request (its answer sent or its client gone): `ctx.path`. */
const handled = new EventEmitter();
const api = await startTestApi({
  app: (app) => {
    app.proxy = true;
    // Outermost, so it runs when everything else (the error handler too) is done with the request.
    app.middleware.unshift(async (ctx, next) => {
      try {
        await next();
      } finally {
        handled.emit('finished', ctx.path);
      }
    });
    // One user sends hundreds of writes here, far more than a person would: the per-user limits
    // (tested in limits.test.ts) are raised so that they never stand between a hostile body and
    // validation either.
    const many = { windowMs: 60_000, max: 1_000_000 };
    setUserLimits(app, {
      writes: many,
      totalWrites: many,
      courses: many,
      ratings: many,
      quizAttempts: many,
      // #35
      discussionPosts: many,
      discussionDaily: { windowMs: 24 * 60 * 60_000, max: 1_000_000 },
      discussionVotes: many,
      notes: many,
    });
  },
});
const ROUTES = routeKeys(api.deps);
/** The category the admin's rename is tried on. */
const HOSTILE_CATEGORY = 'hostile-category';
await api.deps.store
  .collection('categories')
  .insertOne({ _id: HOSTILE_CATEGORY, name: 'Hostile category', createdAt: new Date() });
/** The portal whose rollback is tried (to 1.0.0, while 2.0.0 is live); releases go to another. */
const ROLLBACK_PORTAL = 'learner';
for (const version of ['1.0.0', '2.0.0'])
  await releasesService(api.deps.store, api.deps.clock).release(ROLLBACK_PORTAL, version, undefined, 'setup');
let releaseCount = 0;
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

// ---------------------------------------------------------------------------------------------
// Store snapshots and checks

async function snapshot(target: TestApi = api) {
  const collections: Record<string, unknown[]> = {};
  for (const name of COLLECTIONS) {
    const docs = await target.deps.store.collection(name).find({});
    collections[name] = docs.sort((a, b) => String(a._id).localeCompare(String(b._id)));
  }
  const media = (await readdir(path.join(target.deps.config.dataDir, 'media')).catch(() => [])).sort();
  return { collections, media };
}

const tmpListing = async () => (await readdir(PRIVATE_TMP)).sort();

/** A 4xx with the error envelope and nothing else: no stack, no internals. */
function expectRefusal(status: number, text: string, allowed: readonly number[] = []) {
  expect(status, text.slice(0, 200)).toBeGreaterThanOrEqual(400);
  expect(status, text.slice(0, 200)).toBeLessThan(500);
  if (allowed.length) expect(allowed, text.slice(0, 200)).toContain(status);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['message', 'success']);
  expect(body.success).toBe(false);
  expect(body.message).toEqual(expect.any(String));
  expect(text).not.toMatch(/\bat .+:\d+:\d+|node_modules|[A-Z][a-z]+Error\b/);
}

/** Sends one hostile request and checks it was refused and changed nothing. */
async function expectRefusedWithoutTrace(send: () => Promise<{ status: number; text: string }>, target = api) {
  const before = await snapshot(target);
  const { status, text } = await send();
  expectRefusal(status, text);
  expect(await snapshot(target)).toEqual(before);
}

async function post(
  pathname: string,
  body: Uint8Array | string,
  headers: Record<string, string>,
  target = api,
  method = 'POST',
) {
  const res = await target.request(pathname, {
    method,
    headers: { 'X-Forwarded-For': nextAddress(), ...headers },
    body,
  });
  return { status: res.status, text: await res.text() };
}

// ---------------------------------------------------------------------------------------------
// Generators

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** Pre-serialized JSON text: deep nesting is written directly (JSON.stringify would recurse). */
class Raw {
  constructor(readonly text: string) {}
}
type Value = Json | Raw;

const serialize = (value: Value): string => (value instanceof Raw ? value.text : JSON.stringify(value));
/** Object text from entries, so keys like `__proto__` are written as they are, not swallowed by JS. */
const objectText = (entries: ReadonlyArray<readonly [string, Value]>) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${serialize(value)}`).join(',')}}`;

const MONGO_OPERATORS: Json[] = [
  { $gt: '' },
  { $ne: null },
  { $where: 'sleep(1000) || true' },
  { $regex: '.*' },
  { $in: ['', null] },
  { $exists: true },
  { $expr: { $eq: [1, 1] } },
  { $nin: [] },
];
const mongoOperator = fc.constantFrom(...MONGO_OPERATORS);
const hugeString = fc.integer({ min: 4_096, max: 60_000 }).map((n) => 'x'.repeat(n));
const deepNesting = fc
  .tuple(fc.integer({ min: 100, max: 20_000 }), fc.boolean())
  .map(
    ([depth, arrays]) =>
      new Raw(arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  );
const hugeArray = fc.integer({ min: 1_000, max: 20_000 }).map((n) => Array.from({ length: n }, (_, i) => i % 10));
const smallJson = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;
const objectOf = fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { minKeys: 1, maxKeys: 3 });

/** Not a string (for fields that want one). */
const notAString: fc.Arbitrary<Value> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  objectOf,
  mongoOperator,
  deepNesting,
);
/** Not a number (for fields that want one). */
const notANumber: fc.Arbitrary<Value> = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.constantFrom('4', '1e3', 'NaN', 'Infinity'),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  objectOf,
  mongoOperator,
);

/** What kind of value a field takes, and which values of the right type are still wrong. */
type Kind =
  | 'name'
  | 'optionalText'
  | 'longText'
  | 'email'
  | 'password'
  | 'storeId'
  | 'ref'
  | 'action'
  | 'role'
  | 'url'
  | 'roles'
  | 'rating'
  | 'seconds'
  | 'price'
  | 'percent'
  | 'flag'
  | 'chapters'
  | 'version'
  | 'canary'
  | 'note'
  | 'decision'
  | 'answers'
  | 'captionLabel'
  | 'captionText'
  // #35: notification mail preferences (kinds and true/false), an announcement's rich text.
  | 'mailPrefs'
  | 'courseIds'
  | 'richText'
  // #36: a fee in percent (two decimals at most), paise, an admin's reason, a request key, a payout
  // run's cut-off, a day, a bank reference.
  | 'feePercent'
  | 'paise'
  | 'reason'
  | 'requestKey'
  | 'cutoff'
  | 'day'
  | 'bankReference';

/** courseQ's quiz (#32): one single-choice question, its first option correct. */
const QUIZ_QUESTION = newId();
const QUIZ_OPTIONS = [newId(), newId()] as const;

const randomText = fc.string({ maxLength: 30 });
const BAD_VALUES: Record<Kind, fc.Arbitrary<Value>> = {
  name: fc.oneof(fc.constantFrom('', '   ', '\t\n'), hugeString),
  optionalText: hugeString,
  longText: fc.integer({ min: 50_001, max: 200_000 }).map((n) => 'x'.repeat(n)),
  email: fc.oneof(
    fc.constantFrom('', 'not-an-email', 'a@', '@example.com', 'a b@example.com', 'x@y', 'a@b@c.d', '<a@b.co>'),
    randomText.filter((s) => !/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(s)),
    hugeString.map((s) => `${s}@example.com`),
  ),
  password: fc.oneof(fc.constant(''), hugeString),
  // Checked against the id pattern: anything else, or a well-formed id of nothing (404).
  storeId: fc.oneof(
    randomText,
    fc.constantFrom('../../etc/passwd', 'A'.repeat(24), '0'.repeat(23), `${'f'.repeat(24)}\n`, '{"$gt":""}'),
    fc.constant(null).map(() => newId()),
  ),
  // Looked up by the service: empty, too long, or simply unknown.
  ref: fc.oneof(
    fc.constant(''),
    hugeString,
    randomText,
    fc.constant(null).map(() => newId()),
  ),
  action: randomText.filter((s) => s !== 'add' && s !== 'remove'),
  role: randomText.filter((s) => !['student', 'educator', 'admin'].includes(s)),
  url: fc.oneof(
    fc.constantFrom('javascript:alert(1)', 'ftp://example.com/x', 'not a url', 'http://', '//evil.example/x'),
    hugeString.map((s) => `https://example.com/${s}`),
  ),
  roles: fc.oneof(
    fc.constantFrom<Json>(['superuser'], ['student', 'student', 'student', 'student'], [{ $ne: null }], [null]),
    fc.array(
      randomText.filter((s) => !['student', 'educator', 'admin'].includes(s)),
      { minLength: 1, maxLength: 3 },
    ),
  ),
  rating: fc.oneof(
    fc.integer({ max: 0 }),
    fc.integer({ min: 6 }),
    fc.double({ min: 1.01, max: 4.99, noNaN: true }).filter((n) => !Number.isInteger(n)),
    fc.constant(1e308),
  ),
  // A position in a video: negative, past a day, or absurd.
  seconds: fc.oneof(
    fc.double({ max: -0.001, noNaN: true, noDefaultInfinity: true }),
    fc.double({ min: 86_400.001, noNaN: true, noDefaultInfinity: true }),
    fc.constant(1e308),
  ),
  price: fc.oneof(fc.double({ max: -0.01, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(1e7, 1e308)),
  percent: fc.oneof(fc.integer({ max: -1 }), fc.integer({ min: 101 }), fc.constant(1e308)),
  version: fc.oneof(
    fc.constantFrom('', 'abc', '1.0', '1', 'v1.0.0', '01.0.0', '1.0.0 ', '../x', '1.0.0/../x', '1.0.0\n'),
    fc.constant(`1.0.0-${'a'.repeat(59)}`),
    hugeString,
  ),
  canary: fc.oneof(fc.constantFrom(0, 100, 12.5, 99.5, 1e308), fc.integer({ max: 0 }), fc.integer({ min: 100 })),
  // #32: a project's note or review comment (5000 characters at most), a review's decision.
  note: fc.integer({ min: 5_001, max: 60_000 }).map((n) => 'x'.repeat(n)),
  decision: randomText.filter((s) => s !== 'accept' && s !== 'changes'),
  // A quiz submission's answers: malformed, repeated, too long, too many, or not the quiz's.
  answers: fc.oneof(
    fc.constantFrom<Json>(
      [{}],
      [null],
      ['answer'],
      [{ questionId: 'x' }],
      [{ questionId: { $gt: '' } }],
      [{ questionId: QUIZ_QUESTION }, { questionId: QUIZ_QUESTION }],
      [{ questionId: QUIZ_QUESTION, text: 'x'.repeat(501) }],
      [{ questionId: QUIZ_QUESTION, optionIds: ['nope'] }],
      [{ questionId: QUIZ_QUESTION, optionIds: QUIZ_OPTIONS[0] }],
      [{ questionId: QUIZ_QUESTION, optionIds: Array.from({ length: 11 }, () => QUIZ_OPTIONS[0]) }],
    ),
    fc.constant(null).map((): Json => [{ questionId: newId() }]),
    fc.constant(null).map((): Json => [{ questionId: QUIZ_QUESTION, optionIds: [newId()] }]),
    fc.constant<Json>(Array.from({ length: 101 }, () => ({ questionId: newId() }))),
  ),
  // #33: a caption track's label (1–60 characters once tags and control characters are gone) and
  // its text (WebVTT or SRT, at most 512 KB).
  captionLabel: fc.oneof(fc.constantFrom('', '   ', '<b></b>', '\u0007\u202e', '<<>>'), hugeString),
  captionText: fc.oneof(
    fc.constantFrom(
      '',
      'just some words',
      'WEBVTT\n\nno cues here',
      'WEBVTT\n\n00:00.000 --> garbage\nx',
      '1\n00:00:01,000 --> zz\nx\n',
      'WEBVTT\n\n00:00.000 --> 00:01.000 foo:bar\nx',
      '\u0000\u0001binary',
    ),
    randomText,
  ),
  // #35: unknown kinds, look-alike booleans; course ids that are not; rich text that is empty once sanitized, or too long.
  mailPrefs: fc.constantFrom<Json>(
    { bogus: true },
    { answer: 'no' },
    { answer: null },
    { answer: 1 },
    { answer: [true] },
  ),
  courseIds: fc.oneof(
    fc.constantFrom<Json>(['nope'], [''], [{ $ne: null }], [null], ['A'.repeat(24)]),
    fc.constant<Json>(Array.from({ length: 501 }, () => 'a'.repeat(24))),
  ),
  richText: fc.oneof(
    fc.constantFrom('', '   ', '<p> </p>', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>'),
    fc.integer({ min: 40_001, max: 90_000 }).map((n) => 'x'.repeat(n)),
  ),
  feePercent: fc.oneof(
    fc.constantFrom(-0.01, 100.01, 12.345, 1e308, -1),
    fc.integer({ min: 101 }),
    fc.double({ min: 0, max: 100, noNaN: true }).filter((n) => Math.abs(n * 100 - Math.round(n * 100)) > 1e-4),
  ),
  paise: fc.oneof(
    fc.constantFrom(0, 1.5, -0.25, 1e10, -1e10, 1e308),
    fc.integer({ min: 1_000_000_001 }),
    fc.integer({ max: -1_000_000_001 }),
  ),
  reason: fc.oneof(fc.constantFrom('', '  ', 'ab', '\u0000\u0001'), hugeString),
  requestKey: fc.oneof(fc.constantFrom('', 'short', 'has space in it', '../../etc/passwd', 'x'.repeat(65)), hugeString),
  cutoff: fc.oneof(
    fc.constantFrom('', '2026-13', '2026-00', '2026-02-30', '1999-12', '2999-01-01', '2999-01', '26-01', '2026-1-1'),
    randomText.filter((s) => !/^\d{4}-\d{2}(-\d{2})?$/.test(s)),
  ),
  day: fc.oneof(
    fc.constantFrom('', '2026-02-30', '2999-01-01', 'yesterday', '2026-1-1', '2026-01-01T00:00:00Z'),
    randomText,
  ),
  bankReference: fc.oneof(fc.constantFrom('', 'ab', 'two\nlines', '   '), hugeString),
  // A boolean has no wrong value of its own type: the look-alikes.
  flag: fc.constantFrom<Json>('true', 'false', 1, 0, 'yes', [true]),
  chapters: fc.oneof(
    fc.constantFrom<Json>(
      'chapters',
      {},
      [{}],
      [{ chapterTitle: 'x' }],
      [{ chapterTitle: { $gt: '' }, chapterContent: [] }],
    ),
    fc.constant<Json>(Array.from({ length: 101 }, () => ({ chapterTitle: 'x', chapterContent: [] }))),
    fc.constant<Json>([
      {
        chapterTitle: 'x',
        chapterContent: Array.from({ length: 201 }, () => ({
          lectureTitle: 'l',
          lectureDuration: 1,
          lectureUrl: 'https://youtu.be/dQw4w9WgXcQ',
        })),
      },
    ]),
    fc
      .constantFrom<Json>(
        { lectureUrl: 'javascript:alert(1)' },
        { lectureUrl: 'https://vimeo.com/76979871' },
        { lectureUrl: 'https://www.youtube.com/watch?v=tooShort' },
        { lectureDuration: -1 },
        { lectureDuration: '5' },
        { lectureTitle: '' },
        { lectureTitle: { $where: '1' } },
        { isPreviewFree: 'yes' },
        // #33: a hosted video that is not an id, an operator, or one next to a YouTube link.
        { hostedVideoId: 'not-a-video' },
        { hostedVideoId: { $ne: null } },
        { hostedVideoId: 'a'.repeat(24) },
      )
      .map((bad) => [
        {
          chapterTitle: 'x',
          chapterContent: [
            { lectureTitle: 'l', lectureDuration: 1, lectureUrl: 'https://youtu.be/dQw4w9WgXcQ', ...(bad as object) },
          ],
        },
      ]),
  ),
};
const NUMERIC: ReadonlySet<Kind> = new Set(['rating', 'seconds', 'price', 'percent', 'canary', 'feePercent', 'paise']);
const wrongType = (kind: Kind): fc.Arbitrary<Value> =>
  // An educator's fee may be null (the platform's then): every other wrong type.
  kind === 'feePercent'
    ? notANumber.filter((value) => value !== null)
    : NUMERIC.has(kind)
      ? notANumber
      : kind === 'roles' || kind === 'chapters' || kind === 'answers' || kind === 'courseIds'
        ? fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean(), objectOf, mongoOperator)
        : kind === 'flag'
          ? fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null), objectOf, mongoOperator)
          : notAString;

const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '$where',
  '$set',
  '$gt',
  'isAdmin',
  '_id',
  'userId',
  'email_verified',
  'toString',
  'hasOwnProperty',
];
const noiseValue: fc.Arbitrary<Value> = fc.oneof(smallJson, mongoOperator, deepNesting, hugeArray, hugeString);

interface Schema {
  fields: Record<string, Kind>;
  required: readonly string[];
}

/**
 * An invalid body: the valid one with at least one breaking change (wrong type, bad value,
 * operator, missing field, or not an object at all), plus extra fields that change nothing.
 */
function hostileJson(schema: Schema, base: () => Record<string, Json>): fc.Arbitrary<string> {
  const fields = Object.keys(schema.fields);
  const setField = (values: (kind: Kind) => fc.Arbitrary<Value>) =>
    fc
      .constantFrom(...fields)
      .chain((field) => values(schema.fields[field] as Kind).map((value) => ({ field, value, remove: false })));
  const breaking = fc.oneof(
    setField(wrongType),
    setField((kind) => BAD_VALUES[kind]),
    setField(() => mongoOperator),
    ...(schema.required.length
      ? [fc.constantFrom(...schema.required).map((field) => ({ field, value: null as Value, remove: true }))]
      : []),
  );
  const extraKey = fc
    .oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 12 }))
    .filter((key) => !Object.hasOwn(schema.fields, key));
  const extras = fc.array(fc.tuple(extraKey, noiseValue), { maxLength: 3 });
  const notAnObject = fc.constantFrom('null', '"text"', '42', 'true', ' ', '[]', 'nul', '{"a":1}{');
  const mutated = fc.tuple(fc.array(breaking, { minLength: 1, maxLength: 2 }), extras).map(([changes, extra]) => {
    const entries = new Map<string, Value>(Object.entries(base()));
    for (const change of changes) {
      if (change.remove) entries.delete(change.field);
      else entries.set(change.field, change.value);
    }
    return objectText([...entries, ...extra]);
  });
  return fc.oneof({ arbitrary: mutated, weight: 9 }, { arbitrary: notAnObject, weight: 1 });
}

const BAD_UTF8 = [
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0xaf], // overlong "/"
  [0xe0, 0x80, 0xaf], // overlong "/"
  [0xed, 0xa0, 0x80], // a UTF-16 surrogate
  [0xc3], // cut short
  [0xe2, 0x82],
  [0x80], // a lone continuation byte
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xf4, 0x90, 0x80, 0x80], // past U+10FFFF
].map((bytes) => Buffer.from(bytes));

interface RawBody {
  label: 'invalid-utf8' | 'truncated' | 'oversized' | 'deep' | 'bad-encoding' | 'mislabelled' | 'bom-garbage';
  bytes: Uint8Array;
  headers: Record<string, string>;
}

const COMPRESS: Record<string, (bytes: Buffer) => Buffer> = {
  gzip: gzipSync,
  deflate: deflateSync,
  br: brotliCompressSync,
};
/** Sent as they are, or compressed (the server must decompress, then still refuse). */
const maybeCompressed = (bytes: Buffer, encoding: string): Pick<RawBody, 'bytes' | 'headers'> =>
  encoding === 'identity'
    ? { bytes, headers: { 'Content-Type': 'application/json' } }
    : {
        bytes: (COMPRESS[encoding] as (b: Buffer) => Buffer)(bytes),
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding },
      };
const encodings = fc.constantFrom('identity', 'identity', 'gzip', 'deflate', 'br');

/** Byte-level hostility around an otherwise valid body. */
function hostileBytes(base: () => Record<string, Json>): fc.Arbitrary<RawBody> {
  const json = { 'Content-Type': 'application/json' };
  const stringFields = () => Object.entries(base()).filter(([, v]) => typeof v === 'string');
  const invalidUtf8 = fc
    .tuple(fc.nat(), fc.nat(), fc.constantFrom(...BAD_UTF8), encodings)
    .map(([pick, at, bad, encoding]): RawBody => {
      const body = base();
      const candidates = stringFields();
      // A body without strings (a PATCH of a flag) gets one, for the bad bytes to sit in.
      const [field, value] = (candidates[pick % candidates.length] ?? ['note', 'text']) as [string, string];
      const cut = at % (value.length + 1);
      body[field] = `${value.slice(0, cut)}\u0001HOLE\u0001${value.slice(cut)}`;
      const [head, tail] = JSON.stringify(body).split('\\u0001HOLE\\u0001') as [string, string];
      return {
        label: 'invalid-utf8',
        ...maybeCompressed(Buffer.concat([Buffer.from(head), bad, Buffer.from(tail)]), encoding),
      };
    });
  const truncated = fc.tuple(fc.nat(), encodings).map(([n, encoding]): RawBody => {
    const text = JSON.stringify(base());
    return {
      label: 'truncated',
      ...maybeCompressed(Buffer.from(text.slice(0, 1 + (n % (text.length - 1)))), encoding),
    };
  });
  const oversized = fc
    .tuple(fc.integer({ min: 100 * 1024 + 1, max: 400 * 1024 }), encodings)
    .map(([size, encoding]): RawBody => {
      const text = JSON.stringify({ ...base(), padding: '' });
      const bytes = Buffer.from(text.replace('"padding":""', `"padding":"${'p'.repeat(size)}"`));
      return { label: 'oversized', ...maybeCompressed(bytes, encoding) };
    });
  const deep = fc.tuple(fc.nat(), fc.integer({ min: 5_000, max: 45_000 })).map(([pick, depth]): RawBody => {
    const fields = Object.keys(base());
    const field = fields[pick % fields.length] as string;
    const body = objectText([
      ...Object.entries(base()).filter(([k]) => k !== field),
      [field, new Raw(`${'['.repeat(depth)}${']'.repeat(depth)}`)],
    ]);
    return { label: 'deep', bytes: Buffer.from(body), headers: json };
  });
  // Unknown codings, or gzip that is not gzip (random bytes could be a valid, empty brotli stream).
  const badEncoding = fc
    .tuple(
      fc.constantFrom('gzip', 'compress', 'x-unknown', 'constructor', '__proto__', 'gzip, br'),
      fc.uint8Array({ minLength: 1, maxLength: 65_536 }).filter((b) => b[0] !== 0x1f),
    )
    .map(
      ([encoding, bytes]): RawBody => ({
        label: 'bad-encoding',
        bytes,
        headers: { ...json, 'Content-Encoding': encoding },
      }),
    );
  const mislabelled = fc
    .constantFrom('text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/octet-stream')
    .map(
      (type): RawBody => ({
        label: 'mislabelled',
        bytes: Buffer.from(JSON.stringify(base())),
        headers: { 'Content-Type': type },
      }),
    );
  const bomThenGarbage = fc.uint8Array({ minLength: 1, maxLength: 512 }).map(
    (bytes): RawBody => ({
      label: 'bom-garbage',
      bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf, 0x7b]), bytes, Buffer.from([0xff])]),
      headers: json,
    }),
  );
  return fc.oneof(invalidUtf8, invalidUtf8, truncated, oversized, deep, badEncoding, mislabelled, bomThenGarbage);
}

// ---------------------------------------------------------------------------------------------
// Who calls, and the data their valid requests act on

interface Account {
  token: string;
  userId: string;
}
let student: Account; // enrolled in courseA; a pending, paid-for purchase of courseV
let buyers: Account[]; // not enrolled anywhere: they may buy courseB
let noProfile: Account; // signed in, no profile yet: a valid /user/create would create one
let admin: Account;
let educator: Account;
let courseA: CourseDoc;
let courseB: CourseDoc;
let pendingPurchaseId: string;
let approveRequestId: string;
let rejectRequestId: string;
/** A completed purchase of nobody else in this suite, for the admin's refund. */
let refundablePurchaseId: string;
let removableAdminEmailId: string;
let hostilePayoutId: string; // #36
/** The educator's course that PATCH edits, and a coupon of courseB's that PATCH switches. */
let editableCourse: CourseDoc;
let couponId: string;
let projectLectureId: string; // courseA's project lesson (#32)
let reviewSubmissionId: string; // a submission for it, by someone else, for the educator's review
/** Written reviews of courseA by people outside the suite: one the educator replies to, one an admin hides. */
let replyReviewId: string;
/** courseA's announcement by the educator (#35), for its edit. */
const announcementId = newId();
let hideReviewId: string;
let buyerTurn = 0;
/** Sign-in is limited to 10 attempts per e-mail: valid sign-in bodies take turns among these. */
const SIGN_IN_EMAILS = Array.from({ length: 8 }, (_, i) => `sign-in-${i}@example.com`);
/** An unused password-reset link's token (it works once). */
let resetToken: string;
let confirmToken: string;
let changer: Account;
let signInTurn = 0;

function courseOf(owner: Account, title: string): CourseDoc {
  return {
    _id: newId(),
    courseTitle: title,
    courseDescription: '<p>x</p>',
    courseThumbnail: 'http://localhost:4000/api/media/none',
    coursePrice: 499,
    discount: 20,
    educator: { _id: owner.userId, name: 'Teacher' },
    courseContent: [
      {
        chapterId: newId(),
        chapterTitle: 'One',
        chapterOrder: 1,
        chapterContent: [
          {
            lectureId: newId(),
            lectureTitle: 'Only',
            lectureDuration: 5,
            lectureUrl: 'https://video.example.com/1',
            isPreviewFree: false,
            lectureOrder: 1,
          },
        ],
      },
    ],
    courseRatings: [],
    enrolledStudents: [],
    isPublished: true,
    createdAt: new Date(),
  };
}

const pendingRequest = (userId: string): EducatorRequestDoc => ({
  _id: newId(),
  userId,
  name: 'Applicant',
  email: `${userId}@example.com`,
  imageUrl: '',
  requestedAt: new Date(),
  status: 'pending',
  pendingFor: userId,
});

beforeAll(async () => {
  const now0 = new Date();
  student = await userWithProfile(api, 'student@example.com');
  buyers = [];
  for (const n of [1, 2, 3]) buyers.push(await userWithProfile(api, `buyer${n}@example.com`));
  noProfile = await verifiedAccount(api, 'no-profile@example.com');
  admin = await userWithProfile(api, 'admin@example.com', { admin: true });
  educator = await userWithProfile(api, 'educator@example.com', { educator: true });
  for (const email of SIGN_IN_EMAILS) {
    await api.deps.auth.local?.createAccount({ name: 'Signer', email, password: PASSWORD, emailVerified: true });
  }
  changer = await verifiedAccount(api, 'changer@example.com');
  await verifiedAccount(api, 'forgetful@example.com');
  await api.deps.auth.local?.forgotPassword('forgetful@example.com');
  const resetMail = (await api.deps.mailer.outbox(50)).find((m) => m.to === 'forgetful@example.com');
  resetToken = new URL(resetMail?.link ?? '').searchParams.get('token') as string;
  const unconfirmed = await api.deps.auth.local?.createAccount({
    name: 'Unconfirmed',
    email: 'unconfirmed@example.com',
    password: PASSWORD,
    emailVerified: false,
  });
  await api.deps.auth.local?.resendVerification(unconfirmed?._id ?? '');
  const confirmMail = (await api.deps.mailer.outbox(50)).find((m) => m.to === 'unconfirmed@example.com');
  confirmToken = new URL(confirmMail?.link ?? '').searchParams.get('token') as string;

  courseA = courseOf(educator, 'Enrolled');
  courseB = courseOf(educator, 'For sale');
  const courseV = courseOf(educator, 'Paid, not yet verified');
  courseA.enrolledStudents = [student.userId];
  projectLectureId = newId();
  courseA.courseContent[0]?.chapterContent.push({
    lectureId: projectLectureId,
    lectureTitle: 'Project',
    lectureDuration: 30,
    lectureUrl: '',
    isPreviewFree: false,
    lectureOrder: 99,
    lessonKind: 'project',
    projectBrief: '<p>Build it</p>',
  });
  courseQ = courseOf(educator, 'With a quiz');
  courseQ.enrolledStudents = [student.userId];
  courseQ.courseContent[0]?.chapterContent.push({
    lectureId: newId(),
    lectureTitle: 'Quiz',
    lectureDuration: 5,
    isPreviewFree: false,
    lectureOrder: 2,
    lessonKind: 'quiz',
    quiz: { questionCount: 1, passPercent: 100, maxAttempts: null },
  });
  const store = api.deps.store;
  await store.collection<CourseDoc>('courses').insertMany([courseA, courseB, courseV, courseQ]);
  readyVideoId = newId();
  await store.collection('videos').insertOne({
    _id: readyVideoId,
    ownerId: educator.userId,
    status: 'ready',
    fileName: 'clip.mp4',
    size: 1000,
    uploadOffset: 1000,
    probe: null,
    failureReason: null,
    quotaBytes: 0,
    durationS: 30,
    files: [],
    captions: [],
    createdAt: now0,
    updatedAt: now0,
  });
  await store.collection('quizzes').insertOne({
    _id: quizOfQ(),
    courseId: courseQ._id,
    passPercent: 100,
    maxAttempts: null,
    shuffleQuestions: true,
    shuffleOptions: true,
    questions: [
      {
        questionId: QUIZ_QUESTION,
        kind: 'single',
        prompt: 'Which?',
        options: [
          { optionId: QUIZ_OPTIONS[0], text: 'This one', correct: true },
          { optionId: QUIZ_OPTIONS[1], text: 'That one', correct: false },
        ],
        acceptedAnswers: [],
        explanation: 'Because.',
      },
    ],
    updatedAt: new Date(),
  });
  await store
    .collection<UserDoc>('users')
    .updateOne({ _id: student.userId }, { $set: { enrolledCourses: [courseA._id] } });
  // Paid at the gateway, not yet verified: a valid verify-payment would enrol the student.
  const now = new Date();
  pendingPurchaseId = newId();
  const sessionId = `cs_local_${newId()}`;
  await store.collection<LocalCheckoutDoc>('checkoutSessions').insertOne({
    _id: sessionId,
    purchaseId: pendingPurchaseId,
    courseTitle: courseV.courseTitle,
    amount: 39_920,
    successUrl: 'http://localhost:3000/',
    cancelUrl: 'http://localhost:3000/',
    status: 'complete',
    expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
    createdAt: now,
  });
  await store.collection<PurchaseDoc>('purchases').insertOne({
    _id: pendingPurchaseId,
    userId: student.userId,
    courseId: courseV._id,
    educatorId: educator.userId,
    amount: 39_920,
    currency: 'INR',
    status: 'pending',
    createdAt: now,
    gateway: 'local',
    gatewaySessionId: sessionId,
    openKey: `${student.userId}:${courseV._id}`,
  });
  const approve = pendingRequest(`user_${newId()}`);
  const reject = pendingRequest(`user_${newId()}`);
  await store.collection<EducatorRequestDoc>('educatorRequests').insertMany([approve, reject]);
  approveRequestId = approve._id;
  rejectRequestId = reject._id;
  refundablePurchaseId = newId();
  await store.collection<PurchaseDoc>('purchases').insertOne({
    _id: refundablePurchaseId,
    userId: `user_${newId()}`,
    courseId: courseB._id,
    educatorId: educator.userId,
    amount: 100,
    currency: 'INR',
    status: 'completed',
    createdAt: now,
    completedAt: now,
    fulfilledAt: now,
    gateway: 'local',
  });
  reviewSubmissionId = newId();
  await store.collection('projectSubmissions').insertOne({
    _id: reviewSubmissionId,
    userId: `user_${newId()}`,
    courseId: courseA._id,
    lectureId: projectLectureId,
    educatorId: educator.userId,
    kind: 'link',
    url: 'https://example.com/work',
    note: '',
    status: 'submitted',
    submittedAt: now,
  });
  editableCourse = courseOf(educator, 'Edited');
  await store.collection<CourseDoc>('courses').insertOne(editableCourse);
  couponId = newId();
  await store.collection<CouponDoc>('coupons').insertOne({
    _id: couponId,
    courseId: courseB._id,
    educatorId: educator.userId,
    code: 'HOSTILE10',
    codeKey: couponKey(courseB._id, 'HOSTILE10'),
    percentOff: 10,
    uses: 0,
    reserved: 0,
    active: true,
    createdAt: now,
  });
  replyReviewId = newReviewId();
  hideReviewId = newReviewId();
  for (const reviewId of [replyReviewId, hideReviewId]) {
    const userId = `user_${newId()}`;
    await ratingsRepository(store).insertOne({
      _id: `${userId}:${courseA._id}`,
      userId,
      courseId: courseA._id,
      rating: 4,
      text: 'A review',
      reviewId,
      createdAt: now,
      updatedAt: now,
    });
  }
  await store.collection('announcements').insertOne({
    _id: announcementId,
    courseId: courseA._id,
    authorId: educator.userId,
    title: 'Welcome',
    body: '<p>Hello</p>',
    createdAt: now,
    updatedAt: now,
    fannedOutAt: now,
  });
  // #36: a payout record for the admin's record of how it was paid.
  hostilePayoutId = newId();
  await store.collection('payouts').insertOne({
    _id: hostilePayoutId,
    entryKey: `payout:run-2026-01-01:${educator.userId}`,
    runId: 'run-2026-01-01',
    educatorId: educator.userId,
    amount: 1000,
    status: 'processing',
    createdAt: new Date('2026-01-01T00:00:00.000Z'),
    bankReference: null,
    paidAt: null,
  });
  removableAdminEmailId = newId();
  await store
    .collection('adminEmails')
    .insertOne({ _id: removableAdminEmailId, email: 'second-admin@example.com', addedBy: null, addedAt: now });
});

afterAll(async () => {
  await api.close();
  const { rm } = await import('node:fs/promises');
  await rm(PRIVATE_TMP, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Every POST, PATCH and PUT route, classified. A new one fails the suite until it is listed here. (GET
// and DELETE routes take no body: their ids are below, with the hostile ids and query strings.)

interface JsonEndpoint extends Schema {
  kind: 'json';
  /** Headers of a caller who may use the endpoint. */
  as: () => Record<string, string>;
  /** A valid body (it succeeds: see the last test of each endpoint). */
  valid: () => Record<string, Json>;
  /** The status of the valid body. */
  accepted: number;
  /** The path, for a route with parameters (default: the route's own). */
  path?: () => string;
}
/** `tus`: the tus 1.0 upload protocol (#33), bytes as application/offset+octet-stream (video-uploads.test.ts). */
type PostRoute = JsonEndpoint | { kind: 'multipart' | 'webhook' | 'tus' } | { kind: 'no-body'; why: string };

let emailCounter = 0;
const freshEmail = () => `fresh-${++emailCounter}-${newId().slice(0, 6)}@example.com`;
const anyone = () => ({});
const asUser = (account: () => Account) => () => bearer(account().token);
const lectureOfA = () => courseA.courseContent[0]?.chapterContent[0]?.lectureId ?? '';
/** A ready video of the educator's (#33), for its captions. */
let readyVideoId: string;
/** courseQ's quiz lesson (#32); the student is enrolled in courseQ. */
let courseQ: CourseDoc;
const quizOfQ = () => courseQ.courseContent[0]?.chapterContent[1]?.lectureId ?? '';

// #35: the student's question on courseA with the student's answer (edited, accepted) and note;
// another question with an answer for the admin's hiding.
let qaQuestionId: string;
let qaAnswerId: string;
let qaNoteId: string;
let hiddenQuestionId: string;
let hiddenAnswerId: string;
beforeAll(async () => {
  const store = api.deps.store;
  const question = (authorId: string) => {
    const _id = newId();
    return {
      _id,
      courseId: courseA._id,
      lectureId: lectureOfA(),
      authorId,
      byInstructor: false,
      title: `Question ${_id}`,
      body: '<p>Why?</p>',
      searchText: `Question ${_id}`,
      createdAt: new Date(),
      answerCount: 1,
      upvotes: 0,
    };
  };
  const answer = (questionId: string, authorId: string) => ({
    _id: newId(),
    questionId,
    courseId: courseA._id,
    authorId,
    byInstructor: false,
    body: '<p>Because.</p>',
    createdAt: new Date(),
    upvotes: 0,
  });
  const [mine, other] = [question(student.userId), question(educator.userId)];
  const [myAnswer, otherAnswer] = [answer(mine._id, student.userId), answer(other._id, educator.userId)];
  await store.collection('questions').insertMany([mine, other]);
  await store.collection('answers').insertMany([myAnswer, otherAnswer]);
  [qaQuestionId, qaAnswerId, hiddenQuestionId, hiddenAnswerId] = [mine._id, myAnswer._id, other._id, otherAnswer._id];
  qaNoteId = newId();
  await store.collection('lessonNotes').insertOne({
    _id: qaNoteId,
    userId: student.userId,
    courseId: courseA._id,
    lectureId: lectureOfA(),
    text: 'A note',
    createdAt: new Date(),
    updatedAt: new Date(),
  });
});

const POST_ROUTES: Record<string, PostRoute> = {
  // #35: questions and answers, notes.
  'POST /api/courses/:courseId/questions': {
    kind: 'json',
    as: asUser(() => student),
    path: () => `/api/courses/${courseA._id}/questions`,
    valid: () => ({ lectureId: lectureOfA(), title: `Asked ${newId()}`, body: '<p>How?</p>' }),
    accepted: 201,
    fields: { lectureId: 'ref', title: 'name', body: 'longText' },
    required: ['lectureId', 'title'],
  },
  'PATCH /api/questions/:id': {
    kind: 'json',
    as: asUser(() => student),
    path: () => `/api/questions/${qaQuestionId}`,
    valid: () => ({ title: 'A clearer title', body: '<p>Edited</p>' }),
    accepted: 200,
    fields: { title: 'name', body: 'longText' },
    required: [],
  },
  'POST /api/questions/:id/answers': {
    kind: 'json',
    as: asUser(() => student),
    path: () => `/api/questions/${qaQuestionId}/answers`,
    valid: () => ({ body: `<p>Answered ${newId()}</p>` }),
    accepted: 201,
    fields: { body: 'longText' },
    required: ['body'],
  },
  'PATCH /api/answers/:id': {
    kind: 'json',
    as: asUser(() => student),
    path: () => `/api/answers/${qaAnswerId}`,
    valid: () => ({ body: '<p>Edited answer</p>' }),
    accepted: 200,
    fields: { body: 'longText' },
    required: ['body'],
  },
  'PUT /api/questions/:id/vote': { kind: 'no-body', why: 'acts on the question in the path' },
  'PUT /api/answers/:id/vote': { kind: 'no-body', why: 'acts on the answer in the path' },
  'POST /api/questions/:id/accept': {
    kind: 'json',
    as: asUser(() => student),
    path: () => `/api/questions/${qaQuestionId}/accept`,
    valid: () => ({ answerId: qaAnswerId }),
    accepted: 200,
    fields: { answerId: 'ref' },
    required: ['answerId'],
  },
  'POST /api/admin/questions/:id/hide': {
    kind: 'json',
    as: asUser(() => admin),
    path: () => `/api/admin/questions/${hiddenQuestionId}/hide`,
    valid: () => ({ reason: 'Off topic' }),
    accepted: 200,
    fields: { reason: 'optionalText' },
    required: ['reason'],
  },
  'POST /api/admin/questions/:id/restore': { kind: 'no-body', why: 'acts on the question in the path' },
  'POST /api/admin/answers/:id/hide': {
    kind: 'json',
    as: asUser(() => admin),
    path: () => `/api/admin/answers/${hiddenAnswerId}/hide`,
    valid: () => ({ reason: 'Off topic' }),
    accepted: 200,
    fields: { reason: 'optionalText' },
    required: ['reason'],
  },
  'POST /api/admin/answers/:id/restore': { kind: 'no-body', why: 'acts on the answer in the path' },
  'POST /api/courses/:courseId/notes': {
    kind: 'json',
    as: asUser(() => student),
    path: () => `/api/courses/${courseA._id}/notes`,
    valid: () => ({ lectureId: lectureOfA(), text: 'At 0:42, the key point', videoSeconds: 42 }),
    accepted: 201,
    fields: { lectureId: 'ref', text: 'note', videoSeconds: 'seconds' },
    required: ['lectureId', 'text'],
  },
  'PATCH /api/notes/:id': {
    kind: 'json',
    as: asUser(() => student),
    path: () => `/api/notes/${qaNoteId}`,
    valid: () => ({ text: 'Edited note', videoSeconds: 7 }),
    accepted: 200,
    fields: { text: 'note', videoSeconds: 'seconds' },
    required: [],
  },

  'POST /api/auth/sign-up': {
    kind: 'json',
    as: anyone,
    valid: () => ({ name: 'Hostile Tester', email: freshEmail(), password: PASSWORD }),
    accepted: 202,
    fields: { name: 'name', email: 'email', password: 'password' },
    required: ['name', 'email', 'password'],
  },
  'POST /api/auth/sign-in': {
    kind: 'json',
    as: anyone,
    // Every account has this password: an operator that slipped through as the e-mail would sign in.
    valid: () => ({ email: SIGN_IN_EMAILS[signInTurn++ % SIGN_IN_EMAILS.length] as string, password: PASSWORD }),
    accepted: 200,
    fields: { email: 'email', password: 'password' },
    required: ['email', 'password'],
  },
  'POST /api/auth/forgot-password': {
    kind: 'json',
    as: anyone,
    valid: () => ({ email: freshEmail() }),
    accepted: 202,
    fields: { email: 'email' },
    required: ['email'],
  },
  'POST /api/auth/reset-password': {
    kind: 'json',
    as: anyone,
    // Hostile bodies are built from this one and never succeed, so the link is still unused at the end.
    valid: () => ({ token: resetToken, password: PASSWORD }),
    accepted: 200,
    fields: { token: 'storeId', password: 'password' },
    required: ['token', 'password'],
  },
  'POST /api/auth/verify-email': {
    kind: 'json',
    as: anyone,
    // Hostile bodies are built from this one and never succeed, so the link is still unused at the end.
    valid: () => ({ token: confirmToken }),
    accepted: 200,
    fields: { token: 'storeId' },
    required: ['token'],
  },
  'POST /api/auth/change-password': {
    kind: 'json',
    as: asUser(() => changer),
    // The same password again: the account stays usable for every run.
    valid: () => ({ currentPassword: PASSWORD, newPassword: PASSWORD }),
    accepted: 200,
    fields: { currentPassword: 'password', newPassword: 'password' },
    required: ['currentPassword', 'newPassword'],
  },
  'POST /api/auth/sign-out-everywhere': { kind: 'no-body', why: 'acts on the token’s account' },
  'POST /api/auth/refresh': { kind: 'no-body', why: 'reads only the session cookie' },
  'POST /api/auth/sign-out': { kind: 'no-body', why: 'reads only the session cookie' },
  'POST /api/auth/resend-verification': { kind: 'no-body', why: 'acts on the token’s account' },
  'POST /api/user/create': {
    kind: 'json',
    as: asUser(() => noProfile),
    valid: () => ({ name: 'Someone', imageUrl: 'https://images.example.com/me.png', roles: ['student'] }),
    accepted: 201,
    fields: { name: 'optionalText', imageUrl: 'url', roles: 'roles' },
    required: [],
  },
  'POST /api/user/update-roles': {
    kind: 'json',
    as: asUser(() => student),
    valid: () => ({ action: 'add', role: 'student' }),
    accepted: 200,
    fields: { action: 'action', role: 'role' },
    required: ['action', 'role'],
  },
  'POST /api/user/request-educator': { kind: 'no-body', why: 'acts on the token’s user' },
  'POST /api/user/approve-educator-request': {
    kind: 'json',
    as: asUser(() => admin),
    valid: () => ({ requestId: approveRequestId }),
    accepted: 200,
    fields: { requestId: 'storeId' },
    required: ['requestId'],
  },
  'POST /api/admin/refund-purchase': {
    kind: 'json',
    as: asUser(() => admin),
    valid: () => ({ purchaseId: refundablePurchaseId }),
    accepted: 200,
    fields: { purchaseId: 'storeId' },
    required: ['purchaseId'],
  },
  'POST /api/user/reject-educator-request': {
    kind: 'json',
    as: asUser(() => admin),
    valid: () => ({ requestId: rejectRequestId, reason: 'Not yet' }),
    accepted: 200,
    fields: { requestId: 'storeId', reason: 'optionalText' },
    required: ['requestId'],
  },
  'POST /api/user/add-admin-email': {
    kind: 'json',
    as: asUser(() => admin),
    valid: () => ({ email: freshEmail() }),
    accepted: 201,
    fields: { email: 'email' },
    required: ['email'],
  },
  'POST /api/user/remove-admin-email': {
    kind: 'json',
    as: asUser(() => admin),
    valid: () => ({ emailId: removableAdminEmailId }),
    accepted: 200,
    fields: { emailId: 'storeId' },
    required: ['emailId'],
  },
  'POST /api/educator/add-course': { kind: 'multipart' },
  'PUT /api/educator/courses/:id/thumbnail': { kind: 'multipart' },
  'POST /api/user/purchase': {
    kind: 'json',
    // Purchases are limited to 20 a minute per user: the buyers take turns.
    as: () => bearer((buyers[buyerTurn++ % buyers.length] as Account).token),
    valid: () => ({ courseId: courseB._id }),
    accepted: 200,
    fields: { courseId: 'ref', couponCode: 'name' },
    required: ['courseId'],
  },
  'POST /api/user/apply-coupon': {
    kind: 'json',
    as: asUser(() => student),
    valid: () => ({ courseId: courseB._id, code: 'hostile10' }),
    accepted: 200,
    fields: { courseId: 'ref', code: 'name' },
    required: ['courseId', 'code'],
  },
  'POST /api/educator/coupons': {
    kind: 'json',
    as: asUser(() => educator),
    valid: () => ({ courseId: courseB._id, code: `H${newId().slice(0, 12)}`, percentOff: 15 }),
    accepted: 201,
    fields: {
      courseId: 'ref',
      code: 'name',
      percentOff: 'percent',
      amountOff: 'price',
      expiresAt: 'ref',
      maxUses: 'price',
    },
    required: ['courseId', 'code'],
  },
  'PATCH /api/educator/coupons/:id': {
    kind: 'json',
    as: asUser(() => educator),
    path: () => `/api/educator/coupons/${couponId}`,
    valid: () => ({ active: true }),
    accepted: 200,
    fields: { active: 'flag' },
    required: ['active'],
  },
  'PATCH /api/educator/courses/:id': {
    kind: 'json',
    as: asUser(() => educator),
    path: () => `/api/educator/courses/${editableCourse._id}`,
    // The same values again: every run starts from the same course.
    valid: () => ({ courseTitle: 'Edited', courseDescription: '<p>x</p>', coursePrice: 499, discount: 20 }),
    accepted: 200,
    fields: {
      courseTitle: 'name',
      courseDescription: 'longText',
      coursePrice: 'price',
      discount: 'percent',
      courseContent: 'chapters',
    },
    required: [],
  },
  'PATCH /api/educator/profile': {
    kind: 'json',
    as: asUser(() => educator),
    valid: () => ({ bio: 'I teach backends.' }),
    accepted: 200,
    fields: { bio: 'optionalText' },
    required: ['bio'],
  },
  'POST /api/educator/courses/:id/publish': { kind: 'no-body', why: 'acts on the course in the path' },
  'POST /api/educator/courses/:id/unpublish': { kind: 'no-body', why: 'acts on the course in the path' },
  'POST /api/educator/courses/:id/archive': { kind: 'no-body', why: 'acts on the course in the path' },
  'POST /api/user/verify-payment': {
    kind: 'json',
    as: asUser(() => student),
    valid: () => ({ purchaseId: pendingPurchaseId }),
    accepted: 200,
    fields: { purchaseId: 'ref' },
    required: ['purchaseId'],
  },
  'POST /api/stripe/webhook': { kind: 'webhook' },
  // #36: Stripe Connect.
  'POST /api/stripe/connect-webhook': { kind: 'webhook' },
  'POST /api/educator/payouts/connect': { kind: 'no-body', why: 'acts on the token’s educator' },
  'POST /api/user/get-course-progress': {
    kind: 'json',
    as: asUser(() => student),
    valid: () => ({ courseId: courseA._id }),
    accepted: 200,
    fields: { courseId: 'ref' },
    required: ['courseId'],
  },
  'POST /api/user/update-course-progress': {
    kind: 'json',
    as: asUser(() => student),
    valid: () => ({ courseId: courseA._id, lectureId: lectureOfA() }),
    accepted: 200,
    fields: { courseId: 'ref', lectureId: 'ref' },
    required: ['courseId', 'lectureId'],
  },
  'POST /api/user/save-position': {
    kind: 'json',
    as: asUser(() => student),
    valid: () => ({ courseId: courseA._id, lectureId: lectureOfA(), seconds: 42.5 }),
    accepted: 200,
    fields: { courseId: 'ref', lectureId: 'ref', seconds: 'seconds' },
    required: ['courseId', 'lectureId', 'seconds'],
  },
  'POST /api/user/courses/:courseId/quizzes/:lectureId/attempts': {
    kind: 'json',
    as: asUser(() => student),
    path: () => `/api/user/courses/${courseQ._id}/quizzes/${quizOfQ()}/attempts`,
    valid: () => ({ answers: [{ questionId: QUIZ_QUESTION, optionIds: [QUIZ_OPTIONS[0]] }] }),
    accepted: 201,
    fields: { answers: 'answers' },
    required: ['answers'],
  },
  'POST /api/user/add-rating': {
    kind: 'json',
    as: asUser(() => student),
    valid: () => ({ courseId: courseA._id, rating: 5 }),
    accepted: 200,
    fields: { courseId: 'ref', rating: 'rating' },
    required: ['courseId', 'rating'],
  },
  'PUT /api/user/reviews/:courseId': {
    kind: 'json',
    as: asUser(() => student),
    path: () => `/api/user/reviews/${courseA._id}`,
    valid: () => ({ rating: 4, text: 'A good course.' }),
    accepted: 200,
    fields: { rating: 'rating', text: 'optionalText' },
    required: ['rating', 'text'],
  },
  // #35: notifications and announcements.
  'POST /api/notifications/read-all': { kind: 'no-body', why: 'acts on the token’s account' },
  'POST /api/notifications/:id/read': { kind: 'no-body', why: 'the notification is the path’s' },
  'POST /api/notifications/unsubscribe': {
    kind: 'no-body',
    why: 'the signed token is in the query; the one-click form body (RFC 8058) is never read',
  },
  'PUT /api/notifications/preferences': {
    kind: 'json',
    as: asUser(() => student),
    valid: () => ({ mail: { answer: false }, mutedCourses: [courseA._id] }),
    accepted: 200,
    fields: { mail: 'mailPrefs', mutedCourses: 'courseIds' },
    required: [],
  },
  'POST /api/courses/:courseId/announcements': {
    kind: 'json',
    as: asUser(() => educator),
    path: () => `/api/courses/${courseA._id}/announcements`,
    valid: () => ({ title: 'Office hours', body: '<p>Friday at five.</p>' }),
    accepted: 201,
    fields: { title: 'name', body: 'richText' },
    required: ['title', 'body'],
  },
  'PATCH /api/courses/:courseId/announcements/:id': {
    kind: 'json',
    as: asUser(() => educator),
    path: () => `/api/courses/${courseA._id}/announcements/${announcementId}`,
    valid: () => ({ title: 'Office hours moved', body: '<p>Thursday at five.</p>' }),
    accepted: 200,
    fields: { title: 'name', body: 'richText' },
    required: [],
  },
  'POST /api/educator/reviews/:reviewId/reply': {
    kind: 'json',
    as: asUser(() => educator),
    // Hostile bodies are built from this one and never succeed, so the review is still unanswered at the end.
    path: () => `/api/educator/reviews/${replyReviewId}/reply`,
    valid: () => ({ text: 'Thank you!' }),
    accepted: 200,
    fields: { text: 'optionalText' },
    required: ['text'],
  },
  'POST /api/admin/reviews/:reviewId/hide': {
    kind: 'json',
    as: asUser(() => admin),
    path: () => `/api/admin/reviews/${hideReviewId}/hide`,
    valid: () => ({ reason: 'Advertising' }),
    accepted: 200,
    fields: { reason: 'optionalText' },
    required: ['reason'],
  },
  'POST /api/admin/reviews/:reviewId/restore': { kind: 'no-body', why: 'acts on the review in the path' },
  // #36: fees, adjustments, payout runs, payout records, holds.
  'PUT /api/admin/platform-fee': {
    kind: 'json',
    as: asUser(() => admin),
    valid: () => ({ percent: 20 }),
    accepted: 200,
    fields: { percent: 'feePercent' },
    required: ['percent'],
  },
  'PUT /api/admin/educators/:id/fee': {
    kind: 'json',
    as: asUser(() => admin),
    path: () => `/api/admin/educators/${educator.userId}/fee`,
    valid: () => ({ percent: 12.5 }),
    accepted: 200,
    fields: { percent: 'feePercent' },
    required: ['percent'],
  },
  'POST /api/admin/educators/:id/adjustments': {
    kind: 'json',
    as: asUser(() => admin),
    path: () => `/api/admin/educators/${educator.userId}/adjustments`,
    valid: () => ({ amount: 500, reason: 'Goodwill credit', requestKey: `hostile-${newId()}` }),
    accepted: 201,
    fields: { amount: 'paise', reason: 'reason', requestKey: 'requestKey' },
    required: ['amount', 'reason'],
  },
  'POST /api/admin/payouts/run': {
    kind: 'json',
    as: asUser(() => admin),
    valid: () => ({ cutoff: new Date().toISOString().slice(0, 10) }),
    accepted: 200,
    fields: { cutoff: 'cutoff' },
    required: ['cutoff'],
  },
  'PUT /api/admin/payouts/:id': {
    kind: 'json',
    as: asUser(() => admin),
    path: () => `/api/admin/payouts/${hostilePayoutId}`,
    valid: () => ({ bankReference: 'NEFT-000042', paidAt: '2026-01-02' }),
    accepted: 200,
    fields: { bankReference: 'bankReference', paidAt: 'day' },
    required: ['bankReference', 'paidAt'],
  },
  'POST /api/admin/educators/:id/hold': {
    kind: 'json',
    as: asUser(() => admin),
    path: () => `/api/admin/educators/${educator.userId}/hold`,
    valid: () => ({ reason: 'Checking identity' }),
    accepted: 200,
    fields: { reason: 'reason' },
    required: ['reason'],
  },
  'POST /api/admin/categories': {
    kind: 'json',
    as: asUser(() => admin),
    valid: () => ({ name: `Category ${newId().slice(0, 10)}` }),
    accepted: 201,
    fields: { name: 'name' },
    required: ['name'],
  },
  'PATCH /api/admin/categories/:slug': {
    kind: 'json',
    as: asUser(() => admin),
    path: () => `/api/admin/categories/${HOSTILE_CATEGORY}`,
    // The same name again: every run starts from the same category.
    valid: () => ({ name: 'Hostile category' }),
    accepted: 200,
    fields: { name: 'name' },
    required: ['name'],
  },
  'POST /api/admin/releases/:portal': {
    kind: 'json',
    as: asUser(() => admin),
    path: () => '/api/admin/releases/storefront',
    valid: () => ({ version: `1.0.${++releaseCount}`, canary: 10 }),
    accepted: 200,
    fields: { version: 'version', canary: 'canary' },
    required: ['version'],
  },
  'POST /api/admin/releases/:portal/rollback': {
    kind: 'json',
    as: asUser(() => admin),
    path: () => `/api/admin/releases/${ROLLBACK_PORTAL}/rollback`,
    valid: () => ({ version: '1.0.0' }),
    accepted: 200,
    fields: { version: 'version' },
    required: ['version'],
  },
  'POST /api/admin/releases/:portal/promote': { kind: 'no-body', why: 'promotes the canary of the portal in the path' },
  'PUT /api/user/wishlist/:courseId': { kind: 'no-body', why: 'saves the course in the path' },
  // #32: lesson resources and project submissions.
  'POST /api/educator/resources': { kind: 'multipart' },
  'POST /api/user/courses/:courseId/projects/:lectureId/submission': {
    kind: 'json',
    as: asUser(() => student),
    path: () => `/api/user/courses/${courseA._id}/projects/${projectLectureId}/submission`,
    valid: () => ({ url: 'https://github.com/student/project', note: 'Done' }),
    accepted: 200,
    fields: { url: 'url', note: 'note' },
    required: ['url'],
  },
  'POST /api/educator/project-submissions/:id/review': {
    kind: 'json',
    as: asUser(() => educator),
    path: () => `/api/educator/project-submissions/${reviewSubmissionId}/review`,
    valid: () => ({ decision: 'changes', comment: 'Please add tests' }),
    accepted: 200,
    fields: { decision: 'decision', comment: 'note' },
    required: ['decision'],
  },
  // #33: hosted video, uploaded over tus.
  'POST /api/educator/videos/uploads': { kind: 'tus' },
  'PATCH /api/educator/videos/uploads/:id': { kind: 'tus' },
  'PUT /api/educator/videos/:id/captions/:lang': {
    kind: 'json',
    as: asUser(() => educator),
    path: () => `/api/educator/videos/${readyVideoId}/captions/en`,
    valid: () => ({ label: 'English', text: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n' }),
    accepted: 200,
    fields: { label: 'captionLabel', text: 'captionText' },
    required: ['label', 'text'],
  },
  'POST /checkout/:id/pay': { kind: 'no-body', why: 'an HTML form button; the session id is in the path' },
  'POST /checkout/:id/cancel': { kind: 'no-body', why: 'an HTML form button; the session id is in the path' },
};

describe('the list of POST, PATCH and PUT routes', () => {
  const posts = ROUTES.filter((route) => /^(POST|PATCH|PUT) /.test(route));
  it('classifies every POST, PATCH and PUT route the routers declare', () => {
    expect(posts.filter((route) => !(route in POST_ROUTES))).toEqual([]);
  });
  it('names only routes that exist', () => {
    expect(Object.keys(POST_ROUTES).filter((route) => !posts.includes(route))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// JSON endpoints

for (const [route, endpoint] of Object.entries(POST_ROUTES)) {
  if (endpoint.kind !== 'json') continue;
  const [method = 'POST', routePath = ''] = route.split(' ');
  const pathname = () => endpoint.path?.() ?? routePath;
  describe(route, () => {
    it('refuses hostile JSON with a 4xx and changes nothing', async () => {
      await fc.assert(
        fc.asyncProperty(hostileJson(endpoint, endpoint.valid), async (body) => {
          await expectRefusedWithoutTrace(() =>
            post(pathname(), body, { 'Content-Type': 'application/json', ...endpoint.as() }, api, method),
          );
        }),
        { ...FC_OPTIONS, numRuns: RUNS.structured },
      );
    });

    it('refuses hostile bytes (invalid UTF-8, cut short, oversized, deeply nested, mislabelled)', async () => {
      await fc.assert(
        fc.asyncProperty(hostileBytes(endpoint.valid), async ({ bytes, headers }) => {
          await expectRefusedWithoutTrace(() => post(pathname(), bytes, { ...headers, ...endpoint.as() }, api, method));
        }),
        { ...FC_OPTIONS, numRuns: RUNS.raw },
      );
    });

    it('accepts the valid body the hostile ones were made from', async () => {
      const { status, text } = await post(
        pathname(),
        JSON.stringify(endpoint.valid()),
        { 'Content-Type': 'application/json', ...endpoint.as() },
        api,
        method,
      );
      expect(status, text).toBe(endpoint.accepted);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The multipart upload

const PNG = thumbnailPng(2, 48, 27);
const validCourse = (): Record<string, Json> => ({
  courseTitle: 'Hostile uploads',
  courseDescription: '<p>About</p>',
  coursePrice: 100,
  discount: 10,
  courseContent: [
    {
      chapterTitle: 'One',
      chapterContent: [
        { lectureTitle: 'Intro', lectureDuration: 3, lectureUrl: 'https://youtu.be/dQw4w9WgXcQ', isPreviewFree: true },
      ],
    },
  ],
});
const COURSE_SCHEMA: Schema = {
  fields: {
    courseTitle: 'name',
    courseDescription: 'longText',
    coursePrice: 'price',
    discount: 'percent',
    courseContent: 'chapters',
  },
  required: ['courseTitle', 'coursePrice', 'discount'],
};

interface Part {
  name: string | Buffer;
  data: Uint8Array | string;
  filename?: string;
  type?: string;
  headers?: string[];
}
const BOUNDARY = '----courseport-hostile-boundary';

/** A multipart body written byte by byte, so it can carry what FormData never would. */
function multipart(parts: Part[], { close = true } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = Buffer.concat([
      Buffer.from('Content-Disposition: form-data; name="'),
      Buffer.from(part.name),
      Buffer.from(`"${part.filename ? `; filename="${part.filename}"` : ''}\r\n`),
    ]);
    chunks.push(Buffer.from(`--${BOUNDARY}\r\n`), disposition);
    if (part.type) chunks.push(Buffer.from(`Content-Type: ${part.type}\r\n`));
    for (const header of part.headers ?? []) chunks.push(Buffer.from(`${header}\r\n`));
    chunks.push(Buffer.from('\r\n'), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
const image = (data: Uint8Array = PNG, extra: Partial<Part> = {}): Part => ({
  name: 'image',
  data,
  filename: 'thumb.png',
  type: 'image/png',
  ...extra,
});
const courseData = (data: Uint8Array | string): Part => ({ name: 'courseData', data });
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** A chunked request written with node:http, ending wherever the body given ends. */
function chunkedUpload(body: Buffer): Promise<{ status: number; text: string }> {
  const url = new URL(api.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: '/api/educator/add-course',
        method: 'POST',
        headers: { 'Content-Type': MULTIPART, 'Transfer-Encoding': 'chunked', ...bearer(educator.token) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.write(body.subarray(0, body.length >> 1));
    req.end(body.subarray(body.length >> 1));
  });
}

async function upload(body: Uint8Array, contentType = MULTIPART) {
  return post('/api/educator/add-course', body, { 'Content-Type': contentType, ...bearer(educator.token) });
}

/** Refused, nothing stored, no file in the media folder and no temporary file left behind. */
async function expectUploadRefused(
  send: () => Promise<{ status: number; text: string }>,
  allowed: readonly number[] = [],
) {
  const before = await snapshot();
  const tmpBefore = await tmpListing();
  const { status, text } = await send();
  expectRefusal(status, text, allowed);
  expect(await snapshot()).toEqual(before);
  expect(await tmpListing()).toEqual(tmpBefore);
}

describe('POST /api/educator/add-course', () => {
  it('refuses hostile course data with a 4xx and stores nothing', async () => {
    await fc.assert(
      fc.asyncProperty(hostileJson(COURSE_SCHEMA, validCourse), async (json) => {
        await expectUploadRefused(() => upload(multipart([courseData(json), image()])));
      }),
      { ...FC_OPTIONS, numRuns: RUNS.upload },
    );
  });

  it('refuses hostile course data bytes (invalid UTF-8, cut short, deeply nested)', async () => {
    await fc.assert(
      fc.asyncProperty(
        // As a form field: no content coding, and no size limit of 100 KB (its own is 256 KB).
        hostileBytes(validCourse).filter(
          ({ label, headers }) =>
            ['invalid-utf8', 'truncated', 'deep', 'bom-garbage'].includes(label) && !headers['Content-Encoding'],
        ),
        async ({ bytes }) => {
          await expectUploadRefused(() => upload(multipart([courseData(bytes), image()])));
        },
      ),
      { ...FC_OPTIONS, numRuns: RUNS.misc },
    );
  });

  const valid = () => JSON.stringify(validCourse());
  const big = Buffer.alloc(6 * 1024 * 1024);
  PNG.slice(0, 16).forEach((byte, i) => {
    big[i] = byte;
  });
  const cases: Array<[string, () => Promise<{ status: number; text: string }>, number]> = [
    ['an image over 5 MB', () => upload(multipart([courseData(valid()), image(big)])), 413],
    [
      'text with an image name',
      () => upload(multipart([courseData(valid()), image(Buffer.from('hello, not an image'))])),
      415,
    ],
    [
      'an SVG',
      () =>
        upload(
          multipart([
            courseData(valid()),
            image(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), { type: 'image/svg+xml' }),
          ]),
        ),
      415,
    ],
    [
      'a ZIP with an image name',
      () => upload(multipart([courseData(valid()), image(Buffer.from('PK\x03\x04zipzipzip'))])),
      415,
    ],
    ['two images', () => upload(multipart([courseData(valid()), image(), image()])), 400],
    ['no image', () => upload(multipart([courseData(valid())])), 400],
    ['an empty image', () => upload(multipart([courseData(valid()), image(Buffer.alloc(0))])), 400],
    [
      'the image under another name',
      () => upload(multipart([courseData(valid()), image(PNG, { name: 'thumbnail' })])),
      400,
    ],
    ['no course data', () => upload(multipart([image()])), 400],
    [
      'course data sent as a file',
      () => upload(multipart([{ ...courseData(valid()), filename: 'c.json', type: 'application/json' }, image()])),
      400,
    ],
    ['course data over 256 KB', () => upload(multipart([courseData(`"${'x'.repeat(300 * 1024)}"`), image()])), 413],
    ['25 fields', () => upload(multipart([...Array.from({ length: 25 }, (_, i) => courseData(`${i}`)), image()])), 400],
    [
      'a field name that is not UTF-8',
      () => upload(multipart([courseData(valid()), { name: Buffer.from([0x63, 0xff]), data: 'x' }, image()])),
      400,
    ],
    // busboy decodes no transfer encoding and reports an explicit `7bit` (the identity) exactly as
    // no header at all, so that one reads the bytes as they are; every other one is refused.
    ...['8bit', 'base64', 'quoted-printable', 'utf-8', 'binary'].map(
      (encoding): [string, () => Promise<{ status: number; text: string }>, number] => [
        `course data with Content-Transfer-Encoding: ${encoding}`,
        () =>
          upload(multipart([{ ...courseData(valid()), headers: [`Content-Transfer-Encoding: ${encoding}`] }, image()])),
        400,
      ],
    ),
    [
      'JSON instead of multipart',
      () =>
        post('/api/educator/add-course', valid(), { 'Content-Type': 'application/json', ...bearer(educator.token) }),
      415,
    ],
    [
      'multipart without a boundary',
      () => upload(multipart([courseData(valid()), image()]), 'multipart/form-data'),
      400,
    ],
    [
      'a body that stops before its closing boundary',
      () => chunkedUpload(multipart([courseData(valid()), image()], { close: false })),
      400,
    ],
    [
      'a body cut in the middle of the image',
      () => chunkedUpload(multipart([courseData(valid()), image()]).subarray(0, 400)),
      400,
    ],
    [
      'a body cut inside a part’s headers',
      () => chunkedUpload(multipart([courseData(valid()), image()]).subarray(0, 30)),
      400,
    ],
  ];
  it.each(cases)('refuses %s', async (_name, send, status) => {
    await expectUploadRefused(send, [status]);
  });

  it('survives an upload the client abandons half-way, and keeps nothing of it', async () => {
    const before = await snapshot();
    const tmpBefore = await tmpListing();
    const body = multipart([courseData(valid()), image(big)]);
    const url = new URL(api.url);
    const done = new Promise<void>((resolve) => {
      const onFinished = (finishedPath: string) => {
        if (finishedPath !== '/api/educator/add-course') return;
        handled.off('finished', onFinished);
        resolve();
      };
      handled.on('finished', onFinished);
    });
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: url.hostname,
        port: url.port,
        path: '/api/educator/add-course',
        method: 'POST',
        headers: { 'Content-Type': MULTIPART, 'Content-Length': String(body.length), ...bearer(educator.token) },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(body.subarray(0, 1024 * 1024), () => setTimeout(() => req.destroy(), 50));
    });
    // Once the server is done with the abandoned upload: it is still answering, and nothing of the
    // upload remains.
    await done;
    expect((await api.request('/api/health')).status).toBe(200);
    expect(await snapshot()).toEqual(before);
    expect(await tmpListing()).toEqual(tmpBefore);
  });

  it('accepts the valid upload the hostile ones were made from', async () => {
    const { status, text } = await upload(multipart([courseData(JSON.stringify(validCourse())), image()]));
    expect(status, text).toBe(201);
  });
});

describe('PUT /api/educator/courses/:id/thumbnail', () => {
  const replace = (body: Uint8Array, contentType = MULTIPART) =>
    post(
      `/api/educator/courses/${editableCourse._id}/thumbnail`,
      body,
      { 'Content-Type': contentType, ...bearer(educator.token) },
      api,
      'PUT',
    );
  const big = Buffer.alloc(6 * 1024 * 1024);
  PNG.slice(0, 16).forEach((byte, i) => {
    big[i] = byte;
  });
  const cases: Array<[string, () => Promise<{ status: number; text: string }>, number]> = [
    ['an image over 5 MB', () => replace(multipart([image(big)])), 413],
    ['text with an image name', () => replace(multipart([image(Buffer.from('hello, not an image'))])), 415],
    ['two images', () => replace(multipart([image(), image()])), 400],
    ['no image', () => replace(multipart([courseData('{}')])), 400],
    ['an empty image', () => replace(multipart([image(Buffer.alloc(0))])), 400],
    ['the image under another name', () => replace(multipart([image(PNG, { name: 'thumbnail' })])), 400],
    ['JSON instead of multipart', () => replace(Buffer.from('{}'), 'application/json'), 415],
    ['multipart without a boundary', () => replace(multipart([image()]), 'multipart/form-data'), 400],
  ];
  it.each(cases)('refuses %s and changes nothing', async (_name, send, status) => {
    await expectUploadRefused(send, [status]);
  });
});

// ---------------------------------------------------------------------------------------------
// The Stripe webhook: raw bytes, authenticated by their signature

describe('POST /api/stripe/webhook', () => {
  const SECRET = 'whsec_hostile_suite';
  const stripe = new Stripe('sk_test_unused', { host: '127.0.0.1', port: 9, protocol: 'http', maxNetworkRetries: 0 });
  let stripeApi: TestApi;
  beforeAll(async () => {
    stripeApi = await startTestApi({
      config: { payments: { mode: 'stripe', secretKey: 'sk_test_unused', webhookSecret: SECRET } },
      payments: (config, store, clock) => buildPayments(config, store, clock, stripe),
    });
  });
  afterAll(() => stripeApi.close());

  const event = (purchaseId: string) =>
    JSON.stringify({
      id: `evt_${newId()}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_x', object: 'checkout.session', metadata: { purchaseId }, payment_status: 'paid' } },
    });

  it('refuses unsigned, forged and replayed-onto-other-bytes deliveries, and changes nothing', async () => {
    const payload = fc.oneof(
      fc.constant(null).map(() => event(newId())),
      fc.uint8Array({ maxLength: 4096 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
      fc.constant(null).map(() => `${event(newId()).slice(0, -1)}\uFFFD`),
    );
    const signature = (body: string) =>
      fc.oneof(
        fc.constant(undefined),
        fc.string({ maxLength: 80 }),
        fc.constant(`t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`),
        // Right secret, other bytes.
        fc.constant(stripe.webhooks.generateTestHeaderString({ payload: event(newId()), secret: SECRET })),
        // Right bytes, wrong secret.
        fc.constant(stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_forger' })),
      );
    await fc.assert(
      fc.asyncProperty(
        payload.chain((body) => signature(body).map((sig) => ({ body, sig }))),
        // #36: the Connect webhook checks its deliveries the same way.
        fc.constantFrom('/api/stripe/webhook', '/api/stripe/connect-webhook'),
        async ({ body, sig }, path) => {
          await expectRefusedWithoutTrace(
            () =>
              post(
                path,
                Buffer.from(body, 'latin1'),
                { 'Content-Type': 'application/json', ...(sig === undefined ? {} : { 'Stripe-Signature': sig }) },
                stripeApi,
              ),
            stripeApi,
          );
        },
      ),
      { ...FC_OPTIONS, numRuns: RUNS.misc },
    );
  });

  it('refuses an oversized delivery with 413', async () => {
    for (const path of ['/api/stripe/webhook', '/api/stripe/connect-webhook']) {
      const { status, text } = await post(
        path,
        Buffer.alloc(600 * 1024, 0x20),
        { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=0' },
        stripeApi,
      );
      expectRefusal(status, text, [413]);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Ids and query strings on GET routes

describe('hostile ids and query strings', () => {
  const id = fc.oneof(
    fc.string({ maxLength: 40 }).map(encodeURIComponent),
    fc.constantFrom(
      '%',
      '%ZZ',
      '%C0%AF',
      '%FF%FE',
      '..%2F..%2Fetc%2Fpasswd',
      '%00',
      '%24gt',
      'a'.repeat(3000),
      '%7B%22%24ne%22%3Anull%7D',
    ),
  );
  const query = fc.oneof(
    fc.string({ maxLength: 150 }).map((s) => `search=${encodeURIComponent(s)}`),
    fc.constantFrom(
      'search=%FF',
      'search[$ne]=x',
      'search=a&search=b',
      'search=(((((((((a)))))))))*',
      `search=${'.*'.repeat(50)}`,
    ),
  );

  it('answers unknown or malformed ids with a 4xx, never a 5xx, and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/api/course/',
          '/api/media/',
          '/checkout/',
          '/api/educator/courses/',
          '/api/user/certificates/',
          '/api/certificates/',
          '/api/user/reviews/',
        ),
        id,
        async (prefix, value) => {
          // `/api/educator/courses/` is the educator's list itself (and so are `.` and `%2e`, which
          // the URL parser resolves to it).
          const path = new URL(`${prefix}${value}`, 'http://api.test').pathname;
          fc.pre(!/^\/api\/educator\/courses\/?$/.test(path));
          const before = await snapshot();
          const who = prefix === '/api/educator/courses/' ? educator : student;
          const res = await api.request(`${prefix}${value}`, { headers: bearer(who.token) });
          const text = await res.text();
          expect([400, 404], text.slice(0, 200)).toContain(res.status);
          if (prefix !== '/checkout/') expectRefusal(res.status, text);
          expect(await snapshot()).toEqual(before);
        },
      ),
      { ...FC_OPTIONS, numRuns: RUNS.misc },
    );
  });

  it('answers hostile video ids, stream tokens and caption languages (#33) with a 4xx, and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(id, async (value) => {
        const before = await snapshot();
        const calls: Array<[string, RequestInit, number[]]> = [
          [`/api/videos/${value}/playback?courseId=${value}&lectureId=${value}`, {}, [404]],
          [`/api/videos/${readyVideoId}/playback?courseId=${value}&lectureId=${value}`, {}, [404]],
          [`/api/videos/${value}/poster.webp`, {}, [404]],
          [`/api/stream/${value}/master.m3u8`, {}, [403, 404]],
          [`/api/stream/${value}/360p/seg_000.ts`, {}, [403, 404]],
          [`/api/educator/videos/${value}/playback`, { headers: bearer(educator.token) }, [400, 404]],
          [
            `/api/educator/videos/${readyVideoId}/captions/${value}`,
            { method: 'DELETE', headers: bearer(educator.token) },
            [400, 404, 405],
          ],
        ];
        for (const [path, init, statuses] of calls) {
          const res = await api.request(path, init);
          const text = await res.text();
          expect(statuses, `${path}: ${text.slice(0, 200)}`).toContain(res.status);
          expectRefusal(res.status, text);
        }
        expect(await snapshot()).toEqual(before);
      }),
      { ...FC_OPTIONS, numRuns: RUNS.misc },
    );
  });

  it('answers hostile searches and confirmation tokens without a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const search = await api.request(`/api/course/all?${q}`);
        const text = await search.text();
        if (search.status !== 200) expectRefusal(search.status, text, [400]);
        // A link that is not one of ours opens the app's confirm page, never a 5xx or a session...
        const link = await api.request(`/api/auth/verify-email?${q.replace('search', 'token')}`, {
          redirect: 'manual',
        });
        expect(link.status).toBe(302);
        expect(link.headers.get('location')).toMatch(/^http:\/\/localhost:3000\/confirm-email\?token=[^&#]*$/);
        expect(link.headers.get('set-cookie')).toBeNull();
        // ...whose button is refused with a 400.
        const token = new URLSearchParams(q.replace('search', 'token')).get('token');
        const confirm = await postJson(api, '/api/auth/verify-email', { token });
        expect(confirm.status).toBe(400);
        expect(confirm.headers.get('set-cookie')).toBeNull();
      }),
      { ...FC_OPTIONS, numRuns: RUNS.misc },
    );
  });
});

describe('hostile discovery queries (#21)', () => {
  const PARAMS = [
    'category',
    'level',
    'price',
    'minPrice',
    'maxPrice',
    'rating',
    'duration',
    'sort',
    'facets',
    'search',
  ];
  const value = fc.oneof(
    fc.string({ maxLength: 60 }).map(encodeURIComponent),
    fc.constantFrom('%FF', '%00', 'beginner,,', ',', '1e3', '-0', 'NaN', 'Infinity', '4.50', '17h+', 'a'.repeat(3000)),
  );
  const params = fc.array(fc.tuple(fc.constantFrom(...PARAMS), value), { minLength: 1, maxLength: 4 });

  it('answers any mix of filters, sorts and searches with a 200 or a 400, never a 5xx, and changes nothing', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(params, async (pairs) => {
        const query = pairs.map(([name, v]) => `${name}=${v}`).join('&');
        const res = await api.request(`/api/course/all?${query}`);
        const text = await res.text();
        if (res.status !== 200) expectRefusal(res.status, text, [400]);
        const suggest = await api.request(`/api/course/suggest?q=${pairs[0]?.[1] ?? ''}`);
        expect([200, 400]).toContain(suggest.status);
      }),
      { ...FC_OPTIONS, numRuns: RUNS.misc },
    );
    expect(await snapshot()).toEqual(before);
  });

  it('answers hostile wishlist and category ids with a 4xx, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(value, async (v) => {
        fc.pre(v !== '');
        const save = await api.request(`/api/user/wishlist/${v}`, { method: 'PUT', headers: bearer(student.token) });
        // `.` is a dot segment: the URL becomes `/api/user/wishlist/`, which has no PUT (405).
        expect([400, 404, 405, 414, 431]).toContain(save.status);
        const remove = await api.request(`/api/admin/categories/${v}`, {
          method: 'DELETE',
          headers: bearer(admin.token),
        });
        expect([400, 404, 405, 409, 414, 431]).toContain(remove.status);
      }),
      { ...FC_OPTIONS, numRuns: RUNS.misc },
    );
  });
});

describe('hostile release paths and queries (#22)', () => {
  const value = fc.oneof(
    fc.string({ maxLength: 60 }).map(encodeURIComponent),
    fc.constantFrom('%FF', '%00', '..', '__proto__', 'constructor', 'Storefront', '%24gt', 'a'.repeat(3000)),
  );

  it('answers hostile portal names and audit queries with a 4xx, never a 5xx, and changes nothing', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(value, value, async (portal, page) => {
        fc.pre(portal !== '');
        const headers = bearer(admin.token);
        for (const [method, path] of [
          ['DELETE', `/api/admin/releases/${portal}/canary`],
          ['POST', `/api/admin/releases/${portal}/promote`],
        ] as const) {
          const res = await api.request(path, { method, headers });
          expect([400, 404, 405, 414, 431], `${method} ${path}`).toContain(res.status);
        }
        const audit = await api.request(`/api/admin/releases/audit?portal=${portal}&page=${page}`, { headers });
        const text = await audit.text();
        if (audit.status !== 200) expectRefusal(audit.status, text, [400, 404]);
      }),
      { ...FC_OPTIONS, numRuns: RUNS.misc },
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe('hostile question, answer and note ids and Q&A queries (#35)', () => {
  const id = fc.oneof(
    fc.string({ maxLength: 40 }).map(encodeURIComponent),
    fc.constantFrom(
      '%',
      '%ZZ',
      '%C0%AF',
      '..%2F..%2Fetc%2Fpasswd',
      '%00',
      '%24gt',
      'a'.repeat(3000),
      '%7B%22%24ne%22%3Anull%7D',
    ),
    fc.constant(null).map(() => newId()),
  );
  const query = fc.oneof(
    fc.string({ maxLength: 150 }).map((s) => `q=${encodeURIComponent(s)}`),
    fc.string({ maxLength: 60 }).map((s) => `cursor=${encodeURIComponent(s)}`),
    fc.string({ maxLength: 20 }).map((s) => `sort=${encodeURIComponent(s)}`),
    fc.string({ maxLength: 20 }).map((s) => `lectureId=${encodeURIComponent(s)}`),
    fc.constantFrom(
      'q=%FF',
      'q[$ne]=x',
      'q=a&q=b',
      'q=(((((((((a)))))))))*',
      `q=${'.*'.repeat(50)}`,
      `cursor=${Buffer.from('{"s":"newest","t":-1,"id":{"$gt":""}}').toString('base64url')}`,
      'sort=newest&sort=top',
    ),
  );

  it('answers them with a 4xx (a query may also be a 200), never a 5xx, and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(id, query, async (value, search) => {
        const before = await snapshot();
        const calls: Array<[string, string, number[]]> = [
          ['GET', `/api/questions/${value}`, [400, 404]],
          ['GET', `/api/questions/${value}/answers`, [400, 404]],
          ['DELETE', `/api/questions/${value}`, [400, 404]],
          ['DELETE', `/api/answers/${value}`, [400, 404]],
          ['DELETE', `/api/questions/${value}/vote`, [400, 404]],
          ['DELETE', `/api/answers/${value}/vote`, [400, 404]],
          ['DELETE', `/api/questions/${value}/accept`, [400, 404]],
          ['DELETE', `/api/notes/${value}`, [400, 404]],
          ['GET', `/api/courses/${value}/questions`, [400, 404]],
          ['GET', `/api/courses/${value}/notes`, [400, 404]],
          ['GET', `/api/courses/${value}/notes/export`, [400, 404]],
          ['GET', `/api/courses/${courseA._id}/questions?${search}`, [200, 400, 404]],
          ['GET', `/api/educator/questions?${search}`, [200, 400]],
          ['GET', `/api/educator/questions/unanswered-count?${search}`, [200]],
        ];
        for (const [method, path, statuses] of calls) {
          const who = path.startsWith('/api/educator/') ? educator : student;
          const res = await api.request(path, { method, headers: bearer(who.token) });
          const text = await res.text();
          expect(statuses, `${method} ${path.slice(0, 120)}: ${text.slice(0, 200)}`).toContain(res.status);
          if (res.status >= 400) expectRefusal(res.status, text);
        }
        expect(await snapshot()).toEqual(before);
      }),
      { ...FC_OPTIONS, numRuns: RUNS.misc },
    );
  });
});

describe("hostile queries of the admins' Q&A list (#35)", () => {
  const value = fc.oneof(
    fc.string({ maxLength: 150 }).map(encodeURIComponent),
    fc.constantFrom('%FF', '%00', '%24gt', 'a'.repeat(3000), '(((((((((a)))))))))*', '.*'.repeat(50), 'hidden', 'MTIz'),
    fc
      .constant(null)
      .map(() => Buffer.from(JSON.stringify({ s: 'admin', t: -1, id: { $gt: '' } })).toString('base64url')),
  );
  const params = fc.array(fc.tuple(fc.constantFrom('state', 'q', 'cursor'), value), { minLength: 1, maxLength: 3 });

  it('answers any mix of state, search and cursor with a 200 or a 400, never a 5xx, and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(params, async (pairs) => {
        const before = await snapshot();
        const query = pairs.map(([key, v]) => `${key}=${v}`).join('&');
        const res = await api.request(`/api/admin/discussions?${query}`, { headers: bearer(admin.token) });
        const text = await res.text();
        expect([200, 400], `${query.slice(0, 120)}: ${text.slice(0, 200)}`).toContain(res.status);
        if (res.status === 400) expectRefusal(res.status, text, [400]);
        expect(await snapshot()).toEqual(before);
      }),
      { ...FC_OPTIONS, numRuns: RUNS.misc },
    );
  });
});

describe('hostile months, cursors and educator ids (#36)', () => {
  const value = fc.oneof(
    fc.string({ maxLength: 40 }).map(encodeURIComponent),
    fc.constantFrom('%', '%ZZ', '%00', '%24gt', 'a'.repeat(3000), '2026-13', '2026-1', '..%2F..', 'MTIz', '-1:x'),
  );
  it('answers them with a 4xx, never a 5xx, and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(value, async (v) => {
        const before = await snapshot();
        const calls: Array<[string, RequestInit, number[]]> = [
          [`/api/educator/statements/${v}.csv`, { headers: bearer(educator.token) }, [400, 404]],
          [`/api/educator/statements/${v}.pdf`, { headers: bearer(educator.token) }, [400, 404]],
          // A string that happens to decode to a well-formed cursor is simply a page (200).
          [`/api/educator/ledger?cursor=${v}`, { headers: bearer(educator.token) }, [200, 400]],
          [`/api/educator/ledger?limit=${v}`, { headers: bearer(educator.token) }, [400]],
          [`/api/admin/payouts?runId=${v}`, { headers: bearer(admin.token) }, [400]],
          // #36: the admin's Connect listing: a well-formed id is a cursor (200), anything else a 400.
          [`/api/admin/connect-accounts?cursor=${v}`, { headers: bearer(admin.token) }, [200, 400]],
          [`/api/admin/connect-accounts?limit=${v}`, { headers: bearer(admin.token) }, [200, 400]],
          // #36: only `refresh=1` means anything; anything else reads the (absent) Connect account.
          [`/api/educator/payouts/account?refresh=${v}`, { headers: bearer(educator.token) }, [200]],
          [`/api/admin/educators/${v}/hold`, { method: 'DELETE', headers: bearer(admin.token) }, [400, 404, 405]],
        ];
        for (const [path, init, statuses] of calls) {
          const res = await api.request(path, init);
          const text = await res.text();
          expect(statuses, `${path} → ${res.status} ${text.slice(0, 200)}`).toContain(res.status);
          if (res.status >= 400) expectRefusal(res.status, text);
        }
        expect(await snapshot()).toEqual(before);
      }),
      { ...FC_OPTIONS, numRuns: RUNS.misc },
    );
  });
});

describe('hostile analytics ranges and course ids (#36)', () => {
  const value = fc.oneof(
    fc.string({ maxLength: 40 }).map(encodeURIComponent),
    fc.constantFrom(
      '%',
      '%ZZ',
      '%00',
      '%24gt',
      'a'.repeat(3000),
      '2026-02-30',
      '1999-12-31',
      '0000-00-00',
      '9999-99-99',
    ),
  );
  it('answers them with a 4xx (or a read), never a 5xx, and changes nothing', async () => {
    // The educator's counters are built (the backfill on a first read) before the snapshots.
    expect((await api.request('/api/educator/analytics', { headers: bearer(educator.token) })).status).toBe(200);
    await fc.assert(
      fc.asyncProperty(value, async (v) => {
        const before = await snapshot();
        const calls: Array<[string, number[]]> = [
          [`/api/educator/analytics?from=${v}&to=2026-03-01`, [200, 400]],
          [`/api/educator/analytics?from=2026-03-01&to=${v}`, [200, 400]],
          [`/api/educator/analytics?courseId=${v}`, [400, 404]],
          // An unknown parameter (`from[$gt]` is a name of its own here) is ignored.
          [`/api/educator/analytics?from[$gt]=${v}`, [200, 400]],
          [`/api/educator/analytics.csv?to=${v}`, [400]],
          [`/api/educator/analytics/courses/${v}/lessons`, [400, 404]],
          [`/api/educator/analytics/courses/${v}/lessons.csv`, [400, 404]],
        ];
        for (const [path, statuses] of calls) {
          const res = await api.request(path, { headers: bearer(educator.token) });
          const text = await res.text();
          expect(statuses, `${path.slice(0, 120)} → ${res.status} ${text.slice(0, 200)}`).toContain(res.status);
          if (res.status >= 400) expectRefusal(res.status, text);
        }
        expect(await snapshot()).toEqual(before);
      }),
      { ...FC_OPTIONS, numRuns: RUNS.misc },
    );
  });
});

describe('the snapshot', () => {
  it('covers every collection the store has files for', async () => {
    const files = await readdir(api.deps.config.dataDir);
    const collections = files.filter((f) => f.endsWith('.db')).map((f) => f.slice(0, -'.db'.length));
    const covered: readonly string[] = [...COLLECTIONS, ...NOT_SNAPSHOTTED];
    expect(collections.filter((name) => !covered.includes(name))).toEqual([]);
  });
});
