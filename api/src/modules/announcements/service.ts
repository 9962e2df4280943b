import { hostname } from 'node:os';
import { type Announcement, type AnnouncementsPage, htmlToText } from '@courseport/contracts';
import type { Agenda, Job } from 'agenda';
import type { AuthContext } from '../../auth/verify.js';
import type { Clock } from '../../clock.js';
import { forbidden, notFound } from '../../http/errors.js';
import { afterCursor, NEWEST_FIRST, pageOf } from '../../http/time-cursor.js';
import { agendaOn } from '../../jobs/agenda.js';
import type { Logger } from '../../logger.js';
import { ID_PATTERN, newId, type Store } from '../../store/index.js';
import { COURSE_NOT_FOUND, courseRecords } from '../courses/index.js';
import type { Notify } from '../notifications/index.js';
import { userRecords } from '../users/index.js';
import { ANNOUNCEMENT_JOBS_COLLECTION, type AnnouncementDoc, announcementsRepository } from './repository.js';

export const ANNOUNCEMENT_NOT_FOUND = 'Announcement not found';
export const NOT_A_MEMBER = 'Only the students of this course, its educator and admins can read its announcements';
export const NOT_THE_EDUCATOR = "Only the course's educator can post announcements";
export const NOT_THE_AUTHOR = 'Only the author can change this announcement';
const FAN_OUT_JOB = 'announcement-fanout';
/** Notifications written between two heartbeats of the fan-out's lock. */
const TOUCH_EVERY = 50;
/** The mail's excerpt of the announcement, in characters. */
const MAIL_TEXT_MAX = 4000;

export interface AnnouncementsOptions {
  notify: Notify;
  isAdmin: (auth: AuthContext) => Promise<boolean>;
  /** 404 for no such course, 403 for a student not enrolled (learning's enrollment check). */
  checkEnrolled: (userId: string, courseId: string) => Promise<void>;
  logger: Logger;
  jobPollMs: number;
}

/**
 * Course announcements (#35): the course's educator (or an admin) writes; enrolled students, the
 * educator and admins read. Each enrolled student is notified (`announcement`, mailed unless they
 * muted the course) by a fan-out job, once per (announcement, student) however often it runs.
 */
export function announcementsService(store: Store, clock: Clock, options: AnnouncementsOptions) {
  const announcements = announcementsRepository(store);
  const courses = courseRecords(store);
  const users = userRecords(store);
  const { logger } = options;
  let agenda: Agenda | undefined;

  function queue(): Agenda {
    if (agenda) return agenda;
    agenda = agendaOn(store, {
      collection: ANNOUNCEMENT_JOBS_COLLECTION,
      processEvery: options.jobPollMs,
      name: `${hostname()}:${process.pid}`,
    });
    agenda.on('error', (error: unknown) => logger.error({ err: error }, 'the announcement job queue failed'));
    agenda.define<{ announcementId: string }>(FAN_OUT_JOB, (job) => fanOut(job.attrs.data.announcementId, job), {
      concurrency: 2,
      lockLifetime: 60_000,
    });
    return agenda;
  }

  async function enqueue(announcementId: string): Promise<void> {
    await queue()
      .create(FAN_OUT_JOB, { announcementId })
      .unique({ 'data.announcementId': announcementId }, { insertOnly: true })
      .schedule(clock.now())
      .save();
  }

  /**
   * Notifies every student enrolled now (but the author). Idempotent: each notification carries
   * `announcement:<id>:<student>` as its unique dedupe key, so a run after a crash, a second run on
   * another replica, or the same job run twice notifies (and mails) nobody twice.
   */
  async function fanOut(announcementId: string, job?: Job): Promise<number> {
    const announcement = await announcements.findOne({ _id: announcementId });
    if (!announcement) return 0;
    const course = await courses.byId(announcement.courseId, { courseTitle: 1, enrolledStudents: 1, educator: 1 });
    if (!course) return 0;
    const text = htmlToText(announcement.body).replace(/\s+\n/g, '\n').trim();
    let sent = 0;
    let done = 0;
    for (const studentId of course.enrolledStudents ?? []) {
      if (studentId === announcement.authorId) continue;
      const notified = await options.notify(studentId, 'announcement', {
        title: `${course.courseTitle}: ${announcement.title}`,
        text: text.slice(0, 300),
        link: `/player/${announcement.courseId}`,
        courseId: announcement.courseId,
        dedupeKey: `announcement:${announcementId}:${studentId}`,
        mail: {
          subject: `New announcement in ${course.courseTitle}: ${announcement.title}`,
          text: `${course.educator?.name || 'Your educator'} posted an announcement in ${course.courseTitle}.\n\n${announcement.title}\n\n${text.slice(0, MAIL_TEXT_MAX)}`,
        },
      });
      if (notified) sent += 1;
      done += 1;
      if (job && done % TOUCH_EVERY === 0) await job.touch();
    }
    await announcements.updateOne({ _id: announcementId }, { $set: { fannedOutAt: clock.now() } });
    return sent;
  }

  /** The course, and what the caller may do with its announcements. */
  async function roleIn(caller: AuthContext, courseId: string) {
    const course = ID_PATTERN.test(courseId) ? await courses.byId(courseId, { educator: 1, courseTitle: 1 }) : null;
    if (!course) throw notFound(COURSE_NOT_FOUND);
    if (course.educator?._id === caller.userId) return 'educator' as const;
    if (await options.isAdmin(caller)) return 'admin' as const;
    return 'other' as const;
  }

  async function ownAnnouncement(courseId: string, id: string): Promise<AnnouncementDoc> {
    const doc = ID_PATTERN.test(id) ? await announcements.findOne({ _id: id, courseId }) : null;
    if (!doc) throw notFound(ANNOUNCEMENT_NOT_FOUND);
    return doc;
  }

  async function views(docs: AnnouncementDoc[]): Promise<Announcement[]> {
    const authors = docs.length ? await users.byIds([...new Set(docs.map((d) => d.authorId))], { name: 1 }) : [];
    const names = new Map(authors.map((u) => [u._id, u.name]));
    return docs.map((doc) => ({
      _id: doc._id,
      courseId: doc.courseId,
      title: doc.title,
      body: doc.body,
      author: { _id: doc.authorId, name: names.get(doc.authorId) || 'The educator' },
      createdAt: new Date(doc.createdAt).toISOString(),
      updatedAt: new Date(doc.updatedAt).toISOString(),
    }));
  }

  return {
    fanOut,

    /** The course's announcements, newest first: for its enrolled students, its educator and admins. */
    async list(
      caller: AuthContext,
      courseId: string,
      cursor: { createdAt: Date; _id: string } | undefined,
      limit: number,
    ): Promise<AnnouncementsPage> {
      if ((await roleIn(caller, courseId)) === 'other') {
        await options.checkEnrolled(caller.userId, courseId).catch((error: unknown) => {
          throw (error as { status?: number }).status === 403 ? forbidden(NOT_A_MEMBER) : error;
        });
      }
      const docs = await announcements.find(
        { courseId, ...afterCursor(cursor) },
        { sort: NEWEST_FIRST, limit: limit + 1 },
      );
      const { page, nextCursor } = pageOf(docs, limit);
      return { announcements: await views(page), nextCursor };
    },

    /**
     * Stores the announcement, then queues its fan-out (the request never waits for the students).
     * `fanOutNow`: the fan-out runs before it answers (the demo seed, which has no queue running).
     */
    async post(
      caller: AuthContext,
      courseId: string,
      input: { title: string; body: string },
      { fanOutNow = false } = {},
    ): Promise<Announcement> {
      if ((await roleIn(caller, courseId)) === 'other') throw forbidden(NOT_THE_EDUCATOR);
      const now = clock.now();
      const doc: AnnouncementDoc = {
        _id: newId(),
        courseId,
        authorId: caller.userId,
        title: input.title,
        body: input.body,
        createdAt: now,
        updatedAt: now,
      };
      await announcements.insertOne(doc);
      if (fanOutNow) {
        await fanOut(doc._id);
        return (await views([doc]))[0] as Announcement;
      }
      // A queue that cannot be written now is caught up at the next start (announcements without fannedOutAt).
      await enqueue(doc._id).catch((error: unknown) =>
        logger.error({ err: error, announcementId: doc._id }, 'queueing an announcement failed'),
      );
      return (await views([doc]))[0] as Announcement;
    },

    /** The author changes the title or body (students are not notified again). */
    async edit(
      caller: AuthContext,
      courseId: string,
      id: string,
      input: { title?: string | undefined; body?: string | undefined },
    ): Promise<Announcement> {
      await roleIn(caller, courseId);
      const doc = await ownAnnouncement(courseId, id);
      if (doc.authorId !== caller.userId) throw forbidden(NOT_THE_AUTHOR);
      const updated = await announcements.findOneAndUpdate(
        { _id: doc._id, authorId: caller.userId },
        {
          $set: {
            ...(input.title !== undefined ? { title: input.title } : {}),
            ...(input.body !== undefined ? { body: input.body } : {}),
            updatedAt: clock.now(),
          },
        },
      );
      if (!updated) throw notFound(ANNOUNCEMENT_NOT_FOUND);
      return (await views([updated]))[0] as Announcement;
    },

    /** The author, or an admin, deletes it (a fan-out not yet run then notifies nobody). */
    async remove(caller: AuthContext, courseId: string, id: string): Promise<void> {
      const role = await roleIn(caller, courseId);
      const doc = await ownAnnouncement(courseId, id);
      if (doc.authorId !== caller.userId && role !== 'admin') throw forbidden(NOT_THE_AUTHOR);
      if ((await announcements.deleteOne({ _id: doc._id })) === 0) throw notFound(ANNOUNCEMENT_NOT_FOUND);
    },

    /** Starts taking fan-out jobs; first queues announcements a crash left without one. */
    async start(): Promise<void> {
      const left = await announcements.find({ fannedOutAt: { $exists: false } }, { projection: { _id: 1 } });
      for (const doc of left) await enqueue(doc._id);
      await queue().start();
    },

    async stop(graceMs: number): Promise<void> {
      if (!agenda) return;
      await agenda.drain({ timeout: graceMs }).catch(() => null);
    },
  };
}
export type AnnouncementsService = ReturnType<typeof announcementsService>;
