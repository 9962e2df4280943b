import type { WishlistItem } from '@courseport/contracts';
import type { Clock } from '../../clock.js';
import { notFound } from '../../http/errors.js';
import type { Logger } from '../../logger.js';
import { ConflictError, ID_PATTERN, type Store } from '../../store/index.js';
import {
  type CatalogCache,
  COURSE_NOT_FOUND,
  type CourseDoc,
  courseRecords,
  priceAfterDiscount,
} from '../courses/index.js';
import { type Mailer, mails } from '../mail/index.js';
import { userRecords } from '../users/index.js';
import { type WishlistDoc, wishlistRepository } from './repository.js';

const rupees = (amount: number) => `Rs ${amount.toFixed(2)}`;

/** A drop is news when the price is at least this much below what the student last heard (or saved at). */
export const PRICE_DROP_MIN_FRACTION = 0.05;
/** At most one price-drop mail per student and course in this time, unless the course becomes free. */
export const PRICE_DROP_MAIL_INTERVAL_MS = 7 * 24 * 60 * 60_000;
const paise = (rupeesAmount: number) => Math.round(rupeesAmount * 100);

/** Signed-in students' saved courses, and the mail when one gets cheaper. */
export function wishlistService(
  store: Store,
  clock: Clock,
  mailer: Mailer,
  logger: Logger,
  appUrl: string,
  catalog: Pick<CatalogCache, 'cards'>,
) {
  const repo = wishlistRepository(store);
  const courses = courseRecords(store);
  const users = userRecords(store);
  const idOf = (userId: string, courseId: string) => `${userId}:${courseId}`;

  return {
    /** Newest saved first; courses no longer published are left out (and come back if republished). */
    async list(userId: string): Promise<WishlistItem[]> {
      const [saved, cards] = await Promise.all([repo.find({ userId }, { sort: { savedAt: -1 } }), catalog.cards()]);
      const items: WishlistItem[] = [];
      for (const wish of saved) {
        const entry = cards.get(wish.courseId);
        if (!entry) continue;
        items.push({
          course: entry.card,
          savedAt: wish.savedAt.toISOString(),
          savedPrice: wish.savedPrice,
          priceDrop: entry.price < wish.savedPrice ? { from: wish.savedPrice, to: entry.price } : null,
        });
      }
      return items;
    },

    /** Saves a published course (idempotent: saving again keeps the first save's price). */
    async add(userId: string, courseId: string): Promise<void> {
      const course = ID_PATTERN.test(courseId)
        ? await courses.publishedById(courseId, { coursePrice: 1, discount: 1 })
        : null;
      if (!course) throw notFound(COURSE_NOT_FOUND);
      const doc: WishlistDoc = {
        _id: idOf(userId, courseId),
        userId,
        courseId,
        savedAt: clock.now(),
        savedPrice: priceAfterDiscount(course.coursePrice, course.discount),
      };
      try {
        await repo.insertOne(doc);
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
      }
    },

    async remove(userId: string, courseId: string): Promise<void> {
      await repo.deleteOne({ _id: idOf(userId, courseId) });
    },

    /**
     * After an edit of a course's price: a mail to each student who saved it, when the price is at
     * least PRICE_DROP_MIN_FRACTION below the one they were last mailed about (or saved it at) and
     * they were not mailed about the course in the last PRICE_DROP_MAIL_INTERVAL_MS, unless it
     * becomes free (#30: each 1-paisa cut mailed everyone again). `notifiedPrice` and `notifiedAt`
     * are set before the mail is written, conditionally on what was read, so two edits never mail
     * twice. Failures are logged, never thrown.
     */
    async notifyPriceDrop(course: Pick<CourseDoc, '_id' | 'courseTitle' | 'coursePrice' | 'discount' | 'isPublished'>) {
      if (!course.isPublished) return 0;
      const price = priceAfterDiscount(course.coursePrice, course.discount);
      const now = clock.now();
      let sent = 0;
      try {
        const wishes = await repo.find({ courseId: course._id, savedPrice: { $gt: price } });
        for (const wish of wishes) {
          const heard = wish.notifiedPrice ?? wish.savedPrice;
          if (paise(price) >= paise(heard) || paise(price) > Math.floor(paise(heard) * (1 - PRICE_DROP_MIN_FRACTION)))
            continue;
          const lastMail = wish.notifiedAt ? new Date(wish.notifiedAt).getTime() : undefined;
          if (price > 0 && lastMail !== undefined && now.getTime() - lastMail < PRICE_DROP_MAIL_INTERVAL_MS) continue;
          const unchanged = {
            notifiedPrice: wish.notifiedPrice === undefined ? { $exists: false } : wish.notifiedPrice,
            notifiedAt: wish.notifiedAt === undefined ? { $exists: false } : wish.notifiedAt,
          };
          const claimed = await repo.updateOne(
            { _id: wish._id, ...unchanged },
            { $set: { notifiedPrice: price, notifiedAt: now } },
          );
          if (claimed.matched !== 1) continue;
          const user = await users.byId(wish.userId, { email: 1, name: 1 });
          if (!user?.email) continue;
          await mailer.send(
            mails.priceDrop(user.email, user.name, {
              title: course.courseTitle,
              from: rupees(wish.savedPrice),
              to: rupees(price),
              link: `${appUrl}/course/${course._id}`,
            }),
          );
          sent += 1;
        }
      } catch (error) {
        logger.error({ err: error, courseId: course._id }, 'price-drop mails failed');
      }
      return sent;
    },
  };
}
export type WishlistService = ReturnType<typeof wishlistService>;
