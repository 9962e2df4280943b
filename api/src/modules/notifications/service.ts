import { hostname } from 'node:os';
import {
  type AppNotification,
  NOTIFICATION_KINDS,
  NOTIFICATION_TEXT_MAX_LENGTH,
  NOTIFICATION_TITLE_MAX_LENGTH,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationsPage,
} from '@courseport/contracts/notifications';
import type { Agenda } from 'agenda';
import type { Clock } from '../../clock.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { cleanName, cleanPlainText } from '../../http/plain-text.js';
import { afterCursor, NEWEST_FIRST, pageOf } from '../../http/time-cursor.js';
import { agendaOn } from '../../jobs/agenda.js';
import type { Logger } from '../../logger.js';
import { ConflictError, ID_PATTERN, newId, type Store } from '../../store/index.js';
import { type Mailer, notificationMails } from '../mail/index.js';
import { userRecords } from '../users/index.js';
import {
  NOTIFICATION_JOBS_COLLECTION,
  type NotificationDoc,
  notificationsRepository,
  type PrefsDoc,
} from './repository.js';
import { type UnsubscribeScope, unsubscribeTokens } from './unsubscribe-tokens.js';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';
export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid';
export const FORGED_UNSUBSCRIBE_LINK = 'This unsubscribe link was not issued by Courseport';
const DIGEST_JOB = 'notification-digest';
/** Titles a digest lists (the rest are "and N more"). */
const DIGEST_ITEMS = 10;

/** What a higher module tells a user (#35). `title` and `text` are plain text; `link` a path of the app. */
export interface NotifyInput {
  title: string;
  text: string;
  /** A path of the app (`/player/<courseId>`); anything else becomes `/`. */
  link: string;
  courseId?: string;
  /** Once per event: a second notify with the same key does nothing (null). */
  dedupeKey?: string;
  /** The mail's own subject and text when it is mailed alone (a digest lists the title). */
  mail?: { subject: string; text: string };
}

/** The port higher modules are given (compose.ts): tells the user, mails them unless they turned it off. */
export type Notify = (userId: string, kind: NotificationKind, input: NotifyInput) => Promise<AppNotification | null>;

export interface NotificationsOptions {
  mailer: Mailer;
  logger: Logger;
  /** The app's origin, for the links in mails. */
  appOrigin: string;
  /** The API's public URL, for the unsubscribe links. */
  publicApiUrl: string;
  /** The key every replica shares for signed links (`Auth.linkKey`). */
  linkKey: Buffer;
  /** A burst's window: notifications within it after a mailed one wait for one digest (NOTIFY_DIGEST_WINDOW_MS). */
  digestWindowMs: number;
  /** How often an idle host looks for due digests (NOTIFY_JOB_POLL_MS). */
  jobPollMs: number;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
/** A path of this app: one leading slash (never `//host`, never a scheme), no backslash or control characters. */
const appPath = (link: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point.
  /^\/(?![/\\])[^\s\\\u0000-\u001f\u007f]{0,500}$/.test(link) ? link : '/';

const toPublic = (doc: NotificationDoc): AppNotification => ({
  _id: doc._id,
  kind: doc.kind,
  title: doc.title,
  text: doc.text,
  link: doc.link,
  read: doc.read,
  createdAt: new Date(doc.createdAt).toISOString(),
});

const preferencesOf = (prefs: PrefsDoc | null): NotificationPreferences => ({
  mail: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !prefs?.mailOff?.includes(kind)])) as Record<
    NotificationKind,
    boolean
  >,
  mutedCourses: prefs?.mutedCourses ?? [],
});

/**
 * Notifications (#35): stored per user with an unread counter beside them, mailed through the mail
 * module unless the user turned the kind (or the course's announcements) off, bursts grouped into
 * one digest by a job (Agenda on the store, `notificationJobs`), one-click unsubscribe links.
 */
export function notificationsService(store: Store, clock: Clock, options: NotificationsOptions) {
  const { notifications, counters, prefs, windows } = notificationsRepository(store);
  const users = userRecords(store);
  const tokens = unsubscribeTokens(options.linkKey);
  const { logger, mailer } = options;
  let agenda: Agenda | undefined;

  function queue(): Agenda {
    if (agenda) return agenda;
    agenda = agendaOn(store, {
      collection: NOTIFICATION_JOBS_COLLECTION,
      processEvery: options.jobPollMs,
      name: `${hostname()}:${process.pid}`,
    });
    agenda.on('error', (error: unknown) => logger.error({ err: error }, 'the notification job queue failed'));
    agenda.define<{ userId: string }>(DIGEST_JOB, (job) => runDigest(job.attrs.data.userId), {
      concurrency: 4,
      lockLifetime: 60_000,
    });
    return agenda;
  }

  /** One digest job per user and window end: a second schedule of the same one is not inserted. */
  async function scheduleDigest(userId: string, at: Date): Promise<void> {
    const due = at.toISOString();
    await queue()
      .create(DIGEST_JOB, { userId, due })
      .unique({ 'data.userId': userId, 'data.due': due }, { insertOnly: true })
      .schedule(at)
      .save();
  }

  /** The one-click address (the API's, for the mail's headers) and the page people open (the app's), one token. */
  const unsubscribeLinks = (userId: string, scope: UnsubscribeScope) => {
    const token = encodeURIComponent(tokens.sign(userId, scope));
    return {
      unsubscribeUrl: `${options.publicApiUrl}/api/notifications/unsubscribe?token=${token}`,
      unsubscribePageUrl: `${options.appOrigin}/unsubscribe?token=${token}`,
    };
  };

  async function addUnread(userId: string, delta: number): Promise<void> {
    if (delta === 0) return;
    try {
      await counters.updateOne({ _id: userId }, { $inc: { unread: delta } }, { upsert: true });
    } catch (error) {
      // Two first notifications at once: the other upsert made the document.
      if (!(error instanceof ConflictError)) throw error;
      await counters.updateOne({ _id: userId }, { $inc: { unread: delta } });
    }
  }

  /**
   * A process that died between saving a notification (or marking one read) and moving the counter
   * left it off by one. The user's count (through the `userId, createdAt` index) replaces the counter
   * only if the counter did not move meanwhile; a write racing it can still leave it off by one,
   * mended the next time the list is opened.
   */
  async function recountUnread(userId: string): Promise<void> {
    const counter = await counters.findOne({ _id: userId });
    if (!counter) return;
    const unread = await notifications.countDocuments({ userId, read: false });
    if (unread !== counter.unread)
      await counters.updateOne({ _id: userId, unread: counter.unread }, { $set: { unread } });
  }

  /**
   * Whether this mail goes now (it opens the user's window) or waits for the window's digest. Each
   * step is one conditional update of the user's window document, so concurrent notifications (on
   * any replica) agree: exactly one opens a window, the others join it.
   */
  async function enterWindow(userId: string): Promise<{ now: true } | { now: false; due: Date }> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const now = clock.now();
      const until = new Date(now.getTime() + options.digestWindowMs);
      const opened = await windows.findOneAndUpdate(
        { _id: userId, windowUntil: { $lte: now }, pending: 0 },
        { $set: { windowUntil: until } },
      );
      if (opened) return { now: true };
      const joined = await windows.findOneAndUpdate(
        { _id: userId, $or: [{ windowUntil: { $gt: now } }, { pending: { $gt: 0 } }] },
        { $inc: { pending: 1 } },
      );
      if (joined) return { now: false, due: joined.windowUntil > now ? new Date(joined.windowUntil) : now };
      try {
        await windows.insertOne({ _id: userId, windowUntil: until, pending: 0 });
        return { now: true };
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
      }
    }
    return { now: false, due: clock.now() };
  }

  const mailWanted = (doc: NotificationDoc, settings: PrefsDoc | null) =>
    !settings?.mailOff?.includes(doc.kind) &&
    !(doc.kind === 'announcement' && doc.courseId && settings?.mutedCourses?.includes(doc.courseId));

  async function mailFor(doc: NotificationDoc, override: NotifyInput['mail']): Promise<void> {
    if (!mailWanted(doc, await prefs.findOne({ _id: doc.userId }))) return;
    const decision = await enterWindow(doc.userId);
    if (!decision.now) {
      await notifications.updateOne({ _id: doc._id }, { $set: { digestPending: true } });
      await scheduleDigest(doc.userId, decision.due);
      return;
    }
    const user = await users.byId(doc.userId, { name: 1, email: 1 });
    if (!user?.email) return;
    const scope: UnsubscribeScope =
      doc.kind === 'announcement' && doc.courseId
        ? { type: 'course', courseId: doc.courseId }
        : { type: 'kind', kind: doc.kind };
    await mailer.send(
      notificationMails.single(user.email, user.name, {
        subject: override?.subject ?? doc.title,
        text: override?.text ?? (doc.text ? `${doc.title}\n\n${doc.text}` : doc.title),
        link: options.appOrigin + doc.link,
        ...unsubscribeLinks(doc.userId, scope),
        unsubscribeWhat: scope.type === 'course' ? "this course's announcement mails" : 'mails like this one',
      }),
    );
  }

  /**
   * The digest of a user's window: runs when it ends (any replica; the claim is a conditional
   * update on the pending count and window end seen, so one run takes it), mails what waited in
   * one mail and opens the next window.
   */
  async function runDigest(userId: string): Promise<void> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const window = await windows.findOne({ _id: userId });
      if (!window || window.pending <= 0) return;
      const now = clock.now();
      if (new Date(window.windowUntil) > now) {
        await scheduleDigest(userId, new Date(window.windowUntil));
        return;
      }
      const claimed = await windows.findOneAndUpdate(
        { _id: userId, pending: window.pending, windowUntil: window.windowUntil },
        { $set: { pending: 0, windowUntil: new Date(now.getTime() + options.digestWindowMs) } },
      );
      if (!claimed) continue;
      await sendDigest(userId, now);
      return;
    }
  }

  async function sendDigest(userId: string, claimedAt: Date): Promise<void> {
    const waiting = { userId, digestPending: true, createdAt: { $lte: claimedAt } };
    const [count, newest] = await Promise.all([
      notifications.countDocuments(waiting),
      notifications.find(waiting, { sort: NEWEST_FIRST, limit: DIGEST_ITEMS }),
    ]);
    if (count === 0) return;
    await notifications.updateMany(waiting, { $unset: { digestPending: true } });
    const [user, settings] = await Promise.all([
      users.byId(userId, { name: 1, email: 1 }),
      prefs.findOne({ _id: userId }),
    ]);
    // Turned off meanwhile (an unsubscribe link of an earlier mail).
    const items = newest.filter((doc) => mailWanted(doc, settings));
    if (!user?.email || items.length === 0) return;
    await mailer.send(
      notificationMails.digest(user.email, user.name, {
        count: Math.max(count - (newest.length - items.length), items.length),
        items: items.map((doc) => ({ title: doc.title, link: options.appOrigin + doc.link })),
        link: `${options.appOrigin}/`,
        ...unsubscribeLinks(userId, { type: 'all' }),
        unsubscribeWhat: 'all notification mails',
      }),
    );
  }

  const notify: Notify = async (userId, kind, input) => {
    const doc: NotificationDoc = {
      _id: newId(),
      userId,
      kind,
      title: clip(cleanName(input.title), NOTIFICATION_TITLE_MAX_LENGTH) || 'Notification',
      text: clip(cleanPlainText(input.text), NOTIFICATION_TEXT_MAX_LENGTH),
      link: appPath(input.link),
      read: false,
      createdAt: clock.now(),
      ...(input.courseId ? { courseId: input.courseId } : {}),
      ...(input.dedupeKey ? { dedupeKey: input.dedupeKey } : {}),
    };
    try {
      await notifications.insertOne(doc);
    } catch (error) {
      // Notified of this event already (an announcement's fan-out run again).
      if (error instanceof ConflictError && input.dedupeKey) return null;
      throw error;
    }
    await addUnread(userId, 1);
    // A mail that cannot be written is logged: the notification stands.
    await mailFor(doc, input.mail).catch((error: unknown) =>
      logger.error({ err: error, notificationId: doc._id }, 'mailing a notification failed'),
    );
    return toPublic(doc);
  };

  return {
    notify,

    /**
     * The user's notifications, newest first, `limit` a page from the cursor. Opening the list (its
     * first page) also mends the unread counter: see `recountUnread`.
     */
    async list(userId: string, cursor: { createdAt: Date; _id: string } | undefined, limit: number) {
      const docs = await notifications.find(
        { userId, ...afterCursor(cursor) },
        { sort: NEWEST_FIRST, limit: limit + 1 },
      );
      if (!cursor) await recountUnread(userId);
      const { page, nextCursor } = pageOf(docs, limit);
      return { notifications: page.map(toPublic), nextCursor } satisfies NotificationsPage;
    },

    /** The unread count: one document read by key (made from a count the first time, for users older than it). */
    async unreadCount(userId: string): Promise<number> {
      const counter = await counters.findOne({ _id: userId });
      if (counter) return Math.max(0, counter.unread);
      const unread = await notifications.countDocuments({ userId, read: false });
      try {
        await counters.insertOne({ _id: userId, unread });
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
      }
      return unread;
    },

    /** Marks one of the user's notifications read (404 for anyone else's); the count goes down once. */
    async markRead(userId: string, id: string): Promise<void> {
      if (!ID_PATTERN.test(id)) throw notFound(NOTIFICATION_NOT_FOUND);
      const marked = await notifications.findOneAndUpdate({ _id: id, userId, read: false }, { $set: { read: true } });
      if (marked) return addUnread(userId, -1);
      if (!(await notifications.findOne({ _id: id, userId }, { projection: { _id: 1 } })))
        throw notFound(NOTIFICATION_NOT_FOUND);
    },

    /** Marks every notification of the user read; the count goes down by as many as were changed. */
    async markAllRead(userId: string): Promise<number> {
      const { modified } = await notifications.updateMany({ userId, read: false }, { $set: { read: true } });
      await addUnread(userId, -modified);
      return modified;
    },

    async preferences(userId: string): Promise<NotificationPreferences> {
      return preferencesOf(await prefs.findOne({ _id: userId }));
    },

    /** Changes the kinds given and, when given, replaces the muted courses. */
    async setPreferences(
      userId: string,
      input: { mail?: Partial<Record<NotificationKind, boolean>>; mutedCourses?: string[] },
    ): Promise<NotificationPreferences> {
      const current = preferencesOf(await prefs.findOne({ _id: userId }));
      const mail = { ...current.mail, ...input.mail };
      const doc = {
        mailOff: NOTIFICATION_KINDS.filter((kind) => !mail[kind]),
        mutedCourses: [...new Set(input.mutedCourses ?? current.mutedCourses)],
        updatedAt: clock.now(),
      };
      await prefs.updateOne({ _id: userId }, { $set: doc }, { upsert: true });
      return preferencesOf({ _id: userId, ...doc });
    },

    /** What a token would stop (GET: nothing changes, so a link scanner opening it unsubscribes nobody). */
    describeUnsubscribe(token: string) {
      const { scope } = verified(token);
      return { scope: scopeName(scope) };
    },

    /** RFC 8058's one-click POST: turns the token's scope off for its user; no sign-in (the token is the proof). */
    async unsubscribe(token: string) {
      const { userId, scope } = verified(token);
      if (scope.type === 'course') {
        await prefs.updateOne(
          { _id: userId },
          { $addToSet: { mutedCourses: scope.courseId }, $set: { updatedAt: clock.now() } },
          { upsert: true },
        );
      } else if (scope.type === 'kind') {
        await prefs.updateOne(
          { _id: userId },
          { $addToSet: { mailOff: scope.kind }, $set: { updatedAt: clock.now() } },
          { upsert: true },
        );
      } else {
        await prefs.updateOne(
          { _id: userId },
          { $set: { mailOff: [...NOTIFICATION_KINDS], updatedAt: clock.now() } },
          { upsert: true },
        );
      }
      return { scope: scopeName(scope) };
    },

    /** Test and support hook: the user's digest now, as the job runs it. */
    runDigest,

    /** Starts taking digest jobs; first schedules the windows a crash left with pending mails. */
    async start(): Promise<void> {
      const left = await windows.find({ pending: { $gt: 0 } }, { projection: { _id: 1, windowUntil: 1 } });
      for (const window of left) await scheduleDigest(window._id, new Date(window.windowUntil));
      await queue().start();
    },

    async stop(graceMs: number): Promise<void> {
      if (!agenda) return;
      await agenda.drain({ timeout: graceMs }).catch(() => null);
    },
  };

  function verified(token: string) {
    const result = tokens.verify(token);
    if (result === 'malformed') throw badRequest(INVALID_UNSUBSCRIBE_LINK);
    if (result === 'forged') throw forbidden(FORGED_UNSUBSCRIBE_LINK);
    return result;
  }
}

function scopeName(scope: UnsubscribeScope) {
  return scope.type === 'kind'
    ? { type: 'kind' as const, kind: scope.kind }
    : scope.type === 'course'
      ? { type: 'course' as const, courseId: scope.courseId }
      : { type: 'all' as const };
}

export type NotificationsService = ReturnType<typeof notificationsService>;
