import { randomBytes } from 'node:crypto';
import type {
  AdminReview,
  AdminReviewsPage,
  CourseReview,
  CourseReviewsPage,
  EducatorReview,
  EducatorReviewsPage,
  MyReview,
  RatingBreakdown,
  ReviewReply,
} from '@courseport/contracts';
import { REVIEWS_PAGE_SIZE } from '@courseport/contracts';
import type { Clock } from '../../clock.js';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors.js';
import { ConflictError, type Filter, ID_PATTERN, type Store } from '../../store/index.js';
import { COURSE_NOT_FOUND, courseProjectionsOf, courseRecords } from '../courses/index.js';
import type { Notify } from '../notifications/index.js';
import { userRecords } from '../users/index.js';
import { type RatingDoc, ratingsRepository } from './repository.js';

export const REVIEW_NOT_FOUND = 'Review not found';
export const ALREADY_REPLIED = 'You have already replied to this review';
export const NOT_YOUR_COURSE = 'You can only reply to reviews of your own courses';

/** A review's public id: 128 random bits, hex. */
export const newReviewId = () => randomBytes(16).toString('hex');
const REVIEW_ID = /^[0-9a-f]{32}$/;

/** Passes if the student is enrolled in the course: 404 for no such course, 403 when not enrolled. */
export type EnrollmentCheck = (userId: string, courseId: string) => Promise<void>;

/** Each failed rebuild means another rater's landed: this bounds a burst far larger than any course sees. */
const MAX_REBUILDS = 200;

/** Written (has text) and not hidden: what the course page and the educator list show. */
const VISIBLE_WRITTEN: Filter = { text: { $exists: true }, hidden: { $exists: false } };
const NEWEST_FIRST = { createdAt: -1, reviewId: -1 } as const;

/** The mean, one decimal; 0 when none. */
const mean = (ratings: number[]) =>
  ratings.length === 0 ? 0 : Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 10) / 10;

const iso = (date: Date | undefined, fallback: Date) => new Date(date ?? fallback).toISOString();

/**
 * Ratings and written reviews: one record per student and course (`ratings`, `_id` =
 * `<userId>:<courseId>`), the course's `courseRatings` list rebuilt from the visible ones. The
 * reviewer's user id never leaves here: reviews are named by `reviewId` and shown by name and photo.
 */
/** #36: a rating as analytics counts it: its stars and when it was given (its review's creation, else its last change). */
export interface CountedRating {
  rating: number;
  at: Date;
}
/**
 * #36: told of every write that changes what counts of a course's ratings, after it landed:
 * the rating as it counted before and as it counts after (null: absent or hidden). Must not throw.
 */
export type OnRating = (event: {
  courseId: string;
  before: CountedRating | null;
  after: CountedRating | null;
}) => Promise<void>;

/** How a stored rating counts (null when hidden or absent). */
const countedOf = (
  doc: Pick<RatingDoc, 'rating' | 'createdAt' | 'updatedAt' | 'hidden'> | null,
): CountedRating | null =>
  doc && !doc.hidden ? { rating: doc.rating, at: new Date(doc.createdAt ?? doc.updatedAt) } : null;

export function reviewsService(
  store: Store,
  clock: Clock,
  checkEnrolled: EnrollmentCheck,
  notify?: Notify,
  options: { onRating?: OnRating } = {},
) {
  const told = async (courseId: string, before: CountedRating | null, after: CountedRating | null) => {
    const same = before && after && before.rating === after.rating && before.at.getTime() === after.at.getTime();
    if ((before || after) && !same) await options.onRating?.({ courseId, before, after });
  };
  const ratings = ratingsRepository(store);
  const courses = courseRecords(store);
  const users = userRecords(store);
  const projections = courseProjectionsOf(store);

  /**
   * Rebuilds the course's list from the records that are not hidden, until a rebuild that read the
   * records lands: it only lands if nobody rebuilt since it read the version.
   */
  async function rebuildRatings(courseId: string): Promise<void> {
    for (let attempt = 0; attempt < MAX_REBUILDS; attempt++) {
      const current = await projections.ratings(courseId);
      if (!current) throw notFound(COURSE_NOT_FOUND);
      const { version } = current;
      // Ratings given before they were records (older data, the demo seed) become records first.
      if (version === 0) await adoptListedRatings(courseId, current.list);
      const all = await ratings.find(
        { courseId, hidden: { $exists: false } },
        { sort: { updatedAt: 1 }, projection: { userId: 1, rating: 1 } },
      );
      const list = all.map((r) => ({ userId: r.userId, rating: r.rating }));
      if (await projections.replaceRatings(courseId, version, list)) return;
    }
    throw new HttpError(503, 'Ratings are very busy right now. Please try again in a moment.');
  }

  /**
   * Raters of one course in this process share rebuilds: a rater joins the next rebuild that has
   * not started yet (it reads the records after the rater's was written), so a burst of N ratings
   * costs about two rebuilds instead of N racing ones. Other processes still race by version.
   */
  const rebuilds = new Map<string, { running: Promise<void>; queued: Promise<void> | null }>();
  function rebuildSoon(courseId: string): Promise<void> {
    const entry = rebuilds.get(courseId) ?? { running: Promise.resolve(), queued: null };
    rebuilds.set(courseId, entry);
    if (entry.queued) return entry.queued;
    const settled = () => {};
    const queued = entry.running.then(settled, settled).then(() => {
      entry.queued = null;
      const run = rebuildRatings(courseId);
      entry.running = run;
      void run.then(settled, settled).then(() => {
        if (entry.running === run && !entry.queued) rebuilds.delete(courseId);
      });
      return run;
    });
    entry.queued = queued;
    return queued;
  }

  async function adoptListedRatings(courseId: string, listed: Array<{ userId: string; rating: number }>) {
    for (const { userId, rating } of listed) {
      try {
        await ratings.insertOne({ _id: `${userId}:${courseId}`, userId, courseId, rating, updatedAt: new Date(0) });
        await told(courseId, null, { rating, at: new Date(0) });
      } catch (error) {
        // A record is there already: it is newer than the list.
        if (!(error instanceof ConflictError)) throw error;
      }
    }
  }

  /**
   * Gives the record its public id and creation time if it has none yet (a rating older than
   * reviews, the demo seed's, or one just upserted); conditional, so concurrent writers agree.
   */
  async function ensureIdentity(_id: string): Promise<RatingDoc | null> {
    const doc = await ratings.findOne({ _id });
    if (!doc) return null;
    if (!doc.reviewId)
      await ratings.updateOne({ _id, reviewId: { $exists: false } }, { $set: { reviewId: newReviewId() } });
    if (!doc.createdAt)
      await ratings.updateOne({ _id, createdAt: { $exists: false } }, { $set: { createdAt: doc.updatedAt } });
    return doc.reviewId && doc.createdAt ? doc : ratings.findOne({ _id });
  }

  /** Names and photos of the people a page mentions, in one query; never their ids. */
  async function peopleOf(docs: RatingDoc[]) {
    const ids = new Set<string>();
    for (const doc of docs) {
      ids.add(doc.userId);
      if (doc.reply) ids.add(doc.reply.educatorId);
      if (doc.hidden) ids.add(doc.hidden.hiddenBy);
    }
    const found = ids.size ? await users.byIds([...ids], { name: 1, imageUrl: 1 }) : [];
    const byId = new Map(found.map((u) => [u._id, u]));
    return {
      reviewer: (userId: string) => {
        const user = byId.get(userId);
        return { name: user?.name || 'A former student', imageUrl: user?.imageUrl ?? '' };
      },
      name: (userId: string, fallback: string) => byId.get(userId)?.name || fallback,
    };
  }
  type People = Awaited<ReturnType<typeof peopleOf>>;

  const replyOf = (doc: RatingDoc, people: People): ReviewReply | null =>
    doc.reply
      ? {
          text: doc.reply.text,
          educatorName: people.name(doc.reply.educatorId, 'The educator'),
          repliedAt: new Date(doc.reply.repliedAt).toISOString(),
        }
      : null;

  const courseReviewOf = (doc: RatingDoc, people: People): CourseReview => ({
    _id: doc.reviewId ?? '',
    reviewer: people.reviewer(doc.userId),
    rating: doc.rating,
    text: doc.text ?? '',
    createdAt: iso(doc.createdAt, doc.updatedAt),
    updatedAt: new Date(doc.updatedAt).toISOString(),
    reply: replyOf(doc, people),
  });

  const myReviewOf = (doc: RatingDoc, people: People): MyReview => ({
    _id: doc.reviewId ?? '',
    rating: doc.rating,
    text: doc.text ?? '',
    createdAt: iso(doc.createdAt, doc.updatedAt),
    updatedAt: new Date(doc.updatedAt).toISOString(),
    reply: replyOf(doc, people),
    hidden: doc.hidden ? { reason: doc.hidden.reason, hiddenAt: new Date(doc.hidden.hiddenAt).toISOString() } : null,
  });

  async function titlesOf(courseIds: string[]) {
    return courses.titles(courseIds);
  }

  async function adminReviewOf(doc: RatingDoc, people: People, titles: Map<string, string>): Promise<AdminReview> {
    return {
      ...courseReviewOf(doc, people),
      course: { _id: doc.courseId, courseTitle: titles.get(doc.courseId) ?? '' },
      hidden: doc.hidden
        ? {
            reason: doc.hidden.reason,
            hiddenAt: new Date(doc.hidden.hiddenAt).toISOString(),
            hiddenBy: { name: people.name(doc.hidden.hiddenBy, 'An admin') },
          }
        : null,
    };
  }

  /** One page of the records matching `filter`, newest first, and their total. */
  async function pageOf(filter: Filter, page: number) {
    const [total, docs] = await Promise.all([
      ratings.countDocuments(filter),
      ratings.find(filter, { sort: NEWEST_FIRST, skip: (page - 1) * REVIEWS_PAGE_SIZE, limit: REVIEWS_PAGE_SIZE }),
    ]);
    return { total, docs };
  }

  /** The record of a review by its public id; 404 for a malformed or unknown one. */
  async function byReviewId(reviewId: string): Promise<RatingDoc> {
    const doc = REVIEW_ID.test(reviewId) ? await ratings.findOne({ reviewId }) : null;
    if (!doc) throw notFound(REVIEW_NOT_FOUND);
    return doc;
  }

  async function adminView(doc: RatingDoc): Promise<AdminReview> {
    return adminReviewOf(doc, await peopleOf([doc]), await titlesOf([doc.courseId]));
  }

  /** Hides or shows a review, then rebuilds the course's rating without or with it. */
  async function setHidden(reviewId: string, hidden: RatingDoc['hidden'] | null): Promise<AdminReview> {
    const doc = await byReviewId(reviewId);
    const previous = await ratings.findOneAndUpdate(
      { _id: doc._id },
      hidden ? { $set: { hidden } } : { $unset: { hidden: true } },
      { returnDocument: 'before' },
    );
    if (!previous) throw notFound(REVIEW_NOT_FOUND);
    const { hidden: _was, ...rest } = previous;
    const updated: RatingDoc = hidden ? { ...rest, hidden } : rest;
    await told(doc.courseId, countedOf(previous), countedOf(updated));
    await rebuildSoon(doc.courseId);
    return adminView(updated);
  }

  return {
    /**
     * #36: the ratings of these courses that count (not hidden), each with when it was given (its
     * review's creation, else its last change): analytics' ratings over time.
     */
    async ratingsOfCourses(courseIds: readonly string[]): Promise<Array<{ rating: number; at: Date }>> {
      if (courseIds.length === 0) return [];
      const found = await ratings.find(
        { courseId: { $in: [...courseIds] }, hidden: { $exists: false } },
        { projection: { rating: 1, createdAt: 1, updatedAt: 1 } },
      );
      return found.map((r) => ({ rating: r.rating, at: new Date(r.createdAt ?? r.updatedAt) }));
    },

    /**
     * The student's stars (`POST /api/user/add-rating`): only the rating of their record changes
     * (made if there is none), its text and reply stay. The course's list is then rebuilt; each
     * rater retries until its own rebuild lands after its record was written, so concurrent
     * ratings are never lost and nothing fails.
     */
    async rate(userId: string, courseId: string, rating: number): Promise<void> {
      await checkEnrolled(userId, courseId);
      const _id = `${userId}:${courseId}`;
      const now = clock.now();
      const before = await ratings.findOneAndUpdate(
        { _id },
        { $set: { userId, courseId, rating, updatedAt: now } },
        { upsert: true, returnDocument: 'before' },
      );
      await told(courseId, countedOf(before), countedOf({ ...before, rating, updatedAt: now }));
      await ensureIdentity(_id);
      await rebuildSoon(courseId);
    },

    async mine(userId: string, courseId: string): Promise<MyReview | null> {
      await checkEnrolled(userId, courseId);
      const doc = await ratings.findOne({ _id: `${userId}:${courseId}` });
      return doc ? myReviewOf(doc, await peopleOf([doc])) : null;
    },

    /**
     * Writes the student's review (stars, and text unless empty) over their record: one per student
     * and course. Its creation time is kept, except when text is written where there was none (a
     * rating becomes a review then). A hidden review stays hidden; a reply stays.
     */
    async save(userId: string, courseId: string, input: { rating: number; text: string }): Promise<MyReview> {
      await checkEnrolled(userId, courseId);
      const _id = `${userId}:${courseId}`;
      const before = await ratings.findOne({ _id }, { projection: { text: 1 } });
      const now = clock.now();
      const becomesReview = Boolean(input.text) && !before?.text;
      const previous = await ratings.findOneAndUpdate(
        { _id },
        {
          $set: {
            userId,
            courseId,
            rating: input.rating,
            updatedAt: now,
            ...(input.text ? { text: input.text } : {}),
            ...(becomesReview ? { createdAt: now } : {}),
          },
          ...(input.text ? {} : { $unset: { text: true } }),
        },
        { upsert: true, returnDocument: 'before' },
      );
      await told(
        courseId,
        countedOf(previous),
        countedOf({
          ...previous,
          rating: input.rating,
          updatedAt: now,
          ...(becomesReview ? { createdAt: now } : {}),
        }),
      );
      const doc = await ensureIdentity(_id);
      await rebuildSoon(courseId);
      if (!doc) throw notFound(REVIEW_NOT_FOUND);
      return myReviewOf(doc, await peopleOf([doc]));
    },

    /** Removes the student's review and their rating with it. */
    async remove(userId: string, courseId: string): Promise<void> {
      await checkEnrolled(userId, courseId);
      const _id = `${userId}:${courseId}`;
      // Deleted as it was read (#36: what it counted goes with it, exactly): a write in between reads again.
      for (let attempt = 0; ; attempt++) {
        const doc = await ratings.findOne({ _id });
        if (!doc) throw notFound(REVIEW_NOT_FOUND);
        const removed = await ratings.deleteOne({
          _id,
          rating: doc.rating,
          updatedAt: doc.updatedAt,
          hidden: doc.hidden ? { $exists: true } : { $exists: false },
        });
        if (removed > 0) {
          await told(courseId, countedOf(doc), null);
          break;
        }
        if (attempt >= MAX_REBUILDS)
          throw new HttpError(503, 'Ratings are very busy right now. Please try again in a moment.');
      }
      await rebuildSoon(courseId);
    },

    /**
     * The course page's reviews: the breakdown and mean of the course's visible ratings (its
     * `courseRatings`, which hidden records are not in) and one page of the visible written reviews.
     * 404 for a course that is not published, as the course page itself.
     */
    async coursePage(courseId: string, page: number): Promise<CourseReviewsPage> {
      const course = ID_PATTERN.test(courseId) ? await courses.publishedById(courseId, { courseRatings: 1 }) : null;
      if (!course) throw notFound(COURSE_NOT_FOUND);
      const stars = (course.courseRatings ?? []).map((r) => r.rating);
      const breakdown: RatingBreakdown = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
      for (const rating of stars) {
        if (rating >= 1 && rating <= 5) breakdown[rating as 1 | 2 | 3 | 4 | 5] += 1;
      }
      const { total, docs } = await pageOf({ courseId, ...VISIBLE_WRITTEN }, page);
      const people = await peopleOf(docs);
      return {
        breakdown,
        averageRating: mean(stars),
        ratingCount: stars.length,
        reviews: docs.map((doc) => courseReviewOf(doc, people)),
        total,
        page,
        pageSize: REVIEWS_PAGE_SIZE,
      };
    },

    /** The visible written reviews of the educator's own courses, newest first. */
    async educatorPage(educatorId: string, page: number): Promise<EducatorReviewsPage> {
      const own = await courses.ofEducator(educatorId, { courseTitle: 1 });
      const titles = new Map(own.map((c) => [c._id, c.courseTitle]));
      if (titles.size === 0) return { reviews: [], total: 0, page, pageSize: REVIEWS_PAGE_SIZE };
      const { total, docs } = await pageOf({ courseId: { $in: [...titles.keys()] }, ...VISIBLE_WRITTEN }, page);
      const people = await peopleOf(docs);
      return {
        reviews: docs.map(
          (doc): EducatorReview => ({
            ...courseReviewOf(doc, people),
            course: { _id: doc.courseId, courseTitle: titles.get(doc.courseId) ?? '' },
          }),
        ),
        total,
        page,
        pageSize: REVIEWS_PAGE_SIZE,
      };
    },

    /**
     * The course educator's one reply to a visible written review: 404 unknown or hidden, 403 for
     * another educator's course, 409 once replied. The write is conditional on there being no reply
     * yet, so of two at once exactly one lands.
     */
    async reply(educatorId: string, reviewId: string, text: string): Promise<EducatorReview> {
      const doc = await byReviewId(reviewId);
      if (doc.hidden || !doc.text) throw notFound(REVIEW_NOT_FOUND);
      const course = await courses.byId(doc.courseId, { courseTitle: 1, educator: 1 });
      if (!course) throw notFound(REVIEW_NOT_FOUND);
      if (course.educator?._id !== educatorId) throw forbidden(NOT_YOUR_COURSE);
      if (doc.reply) throw conflict(ALREADY_REPLIED);
      const updated = await ratings.findOneAndUpdate(
        { _id: doc._id, reply: { $exists: false }, hidden: { $exists: false } },
        { $set: { reply: { text, educatorId, repliedAt: clock.now() } } },
      );
      if (!updated) {
        const now = await ratings.findOne({ _id: doc._id }, { projection: { reply: 1, hidden: 1 } });
        if (now?.reply) throw conflict(ALREADY_REPLIED);
        throw notFound(REVIEW_NOT_FOUND);
      }
      // #35: the reviewer hears of the reply (the port logs a failure: the reply stands).
      await notify?.(updated.userId, 'review-reply', {
        title: `The educator replied to your review of ${course.courseTitle}`,
        text: text.slice(0, 300),
        link: `/course/${course._id}`,
        courseId: course._id,
      });
      return {
        ...courseReviewOf(updated, await peopleOf([updated])),
        course: { _id: course._id, courseTitle: course.courseTitle },
      };
    },

    /** Every written review (or only the hidden ones), newest first, with why each hidden one is. */
    async adminPage(status: 'all' | 'hidden', page: number): Promise<AdminReviewsPage> {
      const filter: Filter =
        status === 'hidden' ? { text: { $exists: true }, hidden: { $exists: true } } : { text: { $exists: true } };
      const { total, docs } = await pageOf(filter, page);
      const [people, titles] = await Promise.all([peopleOf(docs), titlesOf(docs.map((d) => d.courseId))]);
      const reviews = await Promise.all(docs.map((doc) => adminReviewOf(doc, people, titles)));
      return { reviews, total, page, pageSize: REVIEWS_PAGE_SIZE };
    },

    hide: (adminId: string, reviewId: string, reason: string) =>
      setHidden(reviewId, { reason, hiddenAt: clock.now(), hiddenBy: adminId }),

    restore: (reviewId: string) => setHidden(reviewId, null),
  };
}

export type ReviewsService = ReturnType<typeof reviewsService>;
