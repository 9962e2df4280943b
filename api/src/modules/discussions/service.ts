import { createHash } from 'node:crypto';
import type {
  AdminDiscussionPost,
  AdminDiscussionsPage,
  Answer,
  AnswersPage,
  DiscussionSort,
  InboxPage,
  InboxQuestion,
  Question,
  QuestionsPage,
  VoteResult,
} from '@courseport/contracts';
import {
  DISCUSSION_MAX_LINKS,
  DISCUSSION_PAGE_SIZE,
  type DiscussionAdminState,
} from '@courseport/contracts/discussions';
import { sanitizeDiscussion } from '@courseport/contracts/sanitize-description';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import type { AuthContext } from '../../auth/verify.js';
import type { Clock } from '../../clock.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors.js';
import { ConflictError, type Filter, ID_PATTERN, newId, type Sort, type Store } from '../../store/index.js';
import { COURSE_NOT_FOUND, type CourseDoc, courseRecords } from '../courses/index.js';
import { userRecords } from '../users/index.js';
import { type AnswerDoc, discussionRepositories, type QuestionDoc } from './repository.js';

export const QUESTION_NOT_FOUND = 'Question not found';
export const ANSWER_NOT_FOUND = 'Answer not found';
export const LESSON_NOT_FOUND = 'Lesson not found';
export const NOT_IN_THIS_COURSE = 'You are not enrolled in this course';
export const NOT_YOUR_POST = 'You can only change what you wrote yourself';
export const ONLY_ASKER_ACCEPTS = "Only the person who asked or the course's educator can accept an answer";
export const NOT_THIS_QUESTIONS_ANSWER = 'That answer is not one of this question’s answers';
export const TOO_MANY_LINKS = `Please keep to at most ${DISCUSSION_MAX_LINKS} links in one post`;
export const POSTED_ALREADY = 'You have just posted this. Please write something new instead of posting it again.';
export const ANSWER_REQUIRED = 'Your answer is empty: please write something';
export const CURSOR_NOT_VALID = 'This page link (cursor) is not valid';

/** Passes if the student is enrolled: 404 for no such course (or one the caller may not see), 403 when not enrolled. */
export type EnrollmentCheck = (userId: string, courseId: string) => Promise<void>;

/**
 * What a module above (notifications, #35's other half) hears of the Q&A: after the write has
 * landed. Ids are the API's own (never sent to clients). A listener's failure is logged, never
 * the poster's.
 */
export interface DiscussionEvents {
  answered(event: {
    courseId: string;
    questionId: string;
    questionTitle: string;
    askerId: string;
    answerId: string;
    answerAuthorId: string;
    byInstructor: boolean;
  }): void | Promise<void>;
  accepted(event: {
    courseId: string;
    questionId: string;
    questionTitle: string;
    answerId: string;
    answerAuthorId: string;
    acceptedBy: string;
  }): void | Promise<void>;
}

/** Listens to nothing: what compose.ts gives until the notifications module listens. */
export const quietDiscussionEvents: DiscussionEvents = { answered() {}, accepted() {} };

type Role = 'student' | 'educator' | 'admin';
type CourseFacts = Pick<CourseDoc, '_id' | 'courseTitle' | 'educator' | 'courseContent'>;
interface Access {
  role: Role;
  course: CourseFacts;
}

const POST_ID = /^[a-f0-9]{24}$/;
/** The open counts' marker of a done backfill (never a course's id: those are 24 hex digits). */
const OPEN_COUNTS_BACKFILLED = 'backfilled';
const iso = (date: Date | undefined) => (date ? new Date(date).toISOString() : null);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Text as sanitized HTML writes it (`&`, `<`, `>`, `"`), to find it in an answer's body. */
const asHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The text of sanitized HTML (tags dropped, the common entities read), for search and emptiness. */
function textOf(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
const HREF = /<a\s[^>]*href="([^"]*)"/gi;

/** The distinct links of a sanitized post: its anchors' targets and the addresses written as text. */
function linksIn(html: string): number {
  const links = new Set<string>();
  for (const match of html.matchAll(HREF)) links.add((match[1] ?? '').toLowerCase().replace(/\/$/, ''));
  for (const match of textOf(html).matchAll(URL_IN_TEXT)) links.add(match[0].toLowerCase().replace(/\/$/, ''));
  return links.size;
}

/** A fingerprint of what someone wrote, for the repeat check: case, spaces and markup do not count. */
const fingerprint = (text: string) =>
  createHash('sha256').update(text.toLowerCase().replace(/\s+/g, ' ').trim()).digest('base64url');

// Cursors: opaque base64url JSON of where the page ended, checked with the sort they were made for.
const cursorSchema = z.object({
  s: z.enum(['newest', 'top', 'unanswered', 'inbox', 'answers', 'admin']),
  t: z.number().int().nonnegative(),
  u: z.number().int().optional(),
  a: z.number().int().optional(),
  id: z.string().regex(POST_ID),
});
type CursorKind = z.infer<typeof cursorSchema>['s'];
type Cursor = z.infer<typeof cursorSchema>;

function readCursor(text: string | undefined, kind: CursorKind): Cursor | null {
  if (text === undefined || text === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(CURSOR_NOT_VALID);
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success || result.data.s !== kind) throw badRequest(CURSOR_NOT_VALID);
  if ((kind === 'top' && result.data.u === undefined) || (kind === 'inbox' && result.data.a === undefined))
    throw badRequest(CURSOR_NOT_VALID);
  return result.data;
}
const writeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** Each list's order, and the filter of what comes after a cursor in it (ties broken by id). */
const ORDERS: Record<
  CursorKind,
  { sort: Sort; after: (c: Cursor) => Filter; key: (d: QuestionDoc | AnswerDoc) => Cursor }
> = {
  newest: {
    sort: { createdAt: -1, _id: -1 },
    after: (c) => ({ $or: [{ createdAt: { $lt: new Date(c.t) } }, { createdAt: new Date(c.t), _id: { $lt: c.id } }] }),
    key: (d) => ({ s: 'newest', t: new Date(d.createdAt).getTime(), id: d._id }),
  },
  unanswered: {
    sort: { createdAt: -1, _id: -1 },
    after: (c) => ({ $or: [{ createdAt: { $lt: new Date(c.t) } }, { createdAt: new Date(c.t), _id: { $lt: c.id } }] }),
    key: (d) => ({ s: 'unanswered', t: new Date(d.createdAt).getTime(), id: d._id }),
  },
  top: {
    sort: { upvotes: -1, createdAt: -1, _id: -1 },
    after: (c) => ({
      $or: [
        { upvotes: { $lt: c.u } },
        { upvotes: c.u, createdAt: { $lt: new Date(c.t) } },
        { upvotes: c.u, createdAt: new Date(c.t), _id: { $lt: c.id } },
      ],
    }),
    key: (d) => ({ s: 'top', u: d.upvotes, t: new Date(d.createdAt).getTime(), id: d._id }),
  },
  inbox: {
    sort: { answerCount: 1, createdAt: -1, _id: -1 },
    after: (c) => ({
      $or: [
        { answerCount: { $gt: c.a } },
        { answerCount: c.a, createdAt: { $lt: new Date(c.t) } },
        { answerCount: c.a, createdAt: new Date(c.t), _id: { $lt: c.id } },
      ],
    }),
    key: (d) => ({ s: 'inbox', a: (d as QuestionDoc).answerCount, t: new Date(d.createdAt).getTime(), id: d._id }),
  },
  // The admin's list: questions and answers together, newest first (ids are unique across both).
  admin: {
    sort: { createdAt: -1, _id: -1 },
    after: (c) => ({ $or: [{ createdAt: { $lt: new Date(c.t) } }, { createdAt: new Date(c.t), _id: { $lt: c.id } }] }),
    key: (d) => ({ s: 'admin', t: new Date(d.createdAt).getTime(), id: d._id }),
  },
  answers: {
    sort: { createdAt: 1, _id: 1 },
    after: (c) => ({ $or: [{ createdAt: { $gt: new Date(c.t) } }, { createdAt: new Date(c.t), _id: { $gt: c.id } }] }),
    key: (d) => ({ s: 'answers', t: new Date(d.createdAt).getTime(), id: d._id }),
  },
};

const lessonsOf = (course: Pick<CourseDoc, 'courseContent'>) =>
  new Map(
    (course.courseContent ?? []).flatMap((chapter) => chapter.chapterContent.map((l) => [l.lectureId, l.lectureTitle])),
  );

export interface DiscussionOptions {
  /** learning's enrollment check (`learning.checkAccess`). */
  checkEnrolled: EnrollmentCheck;
  /** admin-emails' check: admins read and moderate every course's Q&A. */
  isAdmin: (caller: AuthContext) => Promise<boolean>;
  events: DiscussionEvents;
  logError: (error: unknown, message: string) => void;
}

/**
 * Questions and answers on a course's lessons: only its enrolled students, its educator and admins
 * read or write them. Counts (answers, upvotes) are kept on the post with `$inc` by the write that
 * changes them; a vote is a record whose unique (target, user) index makes it one per person.
 */
export function discussionsService(store: Store, clock: Clock, options: DiscussionOptions) {
  const { questions, answers, votes, openCounts, posters } = {
    ...discussionRepositories(store),
    posters: store.collection<{ _id: string; fingerprint: string }>('discussionPosters'),
  };
  const courses = courseRecords(store);
  const users = userRecords(store);

  const COURSE_FACTS = { courseTitle: 1, educator: 1, courseContent: 1 } as const;

  /**
   * Who the caller is to the course: its educator, an admin, or an enrolled student (learning's
   * check: 403 not enrolled, 404 a course they may not see). 404 for a lesson not in the course.
   */
  async function accessTo(caller: AuthContext, courseId: string, lectureId?: string): Promise<Access> {
    if (!ID_PATTERN.test(courseId)) throw notFound(COURSE_NOT_FOUND);
    const course = (await courses.byId(courseId, COURSE_FACTS)) as CourseFacts | null;
    if (!course) throw notFound(COURSE_NOT_FOUND);
    let role: Role;
    if (course.educator?._id === caller.userId) role = 'educator';
    else {
      try {
        await options.checkEnrolled(caller.userId, courseId);
        role = 'student';
      } catch (error) {
        if (!(error instanceof HttpError) || !(await options.isAdmin(caller))) throw error;
        role = 'admin';
      }
    }
    if (lectureId !== undefined && !lessonsOf(course).has(lectureId)) throw notFound(LESSON_NOT_FOUND);
    return { role, course };
  }

  /** What the caller may see: everything for an admin, else what is not hidden and their own. */
  const visibleTo = (access: Access, userId: string): Filter =>
    access.role === 'admin' ? {} : { $or: [{ hidden: { $exists: false } }, { authorId: userId }] };

  /** Opens (+1) or closes (-1) one of the course's questions in its kept count. */
  const countOpen = (courseId: string, by: 1 | -1) =>
    openCounts.updateOne({ _id: courseId }, { $inc: { unanswered: by } }, { upsert: true });

  /**
   * A visible answer more (+1) or fewer (-1) on the question: the one write that took its count
   * from 0 to 1 closes it, the one that took it back to 0 opens it (two answers at once: one each).
   */
  async function changeAnswerCount(questionId: string, by: 1 | -1) {
    const after = await questions.findOneAndUpdate({ _id: questionId }, { $inc: { answerCount: by } });
    if (!after || after.hidden) return;
    if (by === 1 && after.answerCount === 1) await countOpen(after.courseId, -1);
    if (by === -1 && after.answerCount === 0) await countOpen(after.courseId, 1);
  }

  async function questionById(id: string): Promise<QuestionDoc> {
    const doc = POST_ID.test(id) ? await questions.findOne({ _id: id }) : null;
    if (!doc) throw notFound(QUESTION_NOT_FOUND);
    return doc;
  }
  async function answerById(id: string): Promise<AnswerDoc> {
    const doc = POST_ID.test(id) ? await answers.findOne({ _id: id }) : null;
    if (!doc) throw notFound(ANSWER_NOT_FOUND);
    return doc;
  }

  /** The question, if the caller may see it (a hidden one: its author and admins); else 404. */
  async function readableQuestion(caller: AuthContext, id: string) {
    const question = await questionById(id);
    const access = await accessTo(caller, question.courseId);
    if (question.hidden && access.role !== 'admin' && question.authorId !== caller.userId)
      throw notFound(QUESTION_NOT_FOUND);
    return { question, access };
  }
  async function readableAnswer(caller: AuthContext, id: string) {
    const answer = await answerById(id);
    const { question, access } = await readableQuestion(caller, answer.questionId);
    if (answer.hidden && access.role !== 'admin' && answer.authorId !== caller.userId) throw notFound(ANSWER_NOT_FOUND);
    return { answer, question, access };
  }

  /** Sanitized HTML, its text; 400 past the link limit (the course's educator has none). */
  function cleanBody(html: string, access: Access) {
    const body = sanitizeDiscussion(html).trim();
    const text = textOf(body);
    if (access.role !== 'educator' && linksIn(body) > DISCUSSION_MAX_LINKS) throw badRequest(TOO_MANY_LINKS);
    return { body, text };
  }

  /**
   * Refuses (409) the very text the user posted last (of this kind), however quickly the two come:
   * the user's marker is written with a condition, so of two identical posts at once one passes.
   * Returns a function that takes the marker back if the post then fails.
   */
  async function refuseRepeat(userId: string, kind: 'question' | 'answer', text: string) {
    const _id = `${userId}:${kind}`;
    const print = fingerprint(text);
    try {
      await posters.insertOne({ _id, fingerprint: print });
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      const moved = await posters.findOneAndUpdate(
        { _id, fingerprint: { $ne: print } },
        { $set: { fingerprint: print } },
      );
      if (!moved) throw conflict(POSTED_ALREADY);
    }
    return () => posters.updateOne({ _id, fingerprint: print }, { $set: { fingerprint: '' } }).then(() => {});
  }

  async function peopleOf(ids: Iterable<string>, unknown = 'A former student') {
    const unique = [...new Set(ids)];
    const found = unique.length ? await users.byIds(unique, { name: 1, imageUrl: 1 }) : [];
    const byId = new Map(found.map((u) => [u._id, u]));
    return (userId: string) => {
      const user = byId.get(userId);
      return { name: user?.name || unknown, imageUrl: user?.imageUrl ?? '' };
    };
  }
  async function votedBy(userId: string, targetIds: string[]): Promise<Set<string>> {
    if (targetIds.length === 0) return new Set();
    const found = await votes.find({ userId, targetId: { $in: targetIds } }, { projection: { targetId: 1 } });
    return new Set(found.map((v) => v.targetId));
  }

  async function questionViews(docs: QuestionDoc[], userId: string): Promise<Question[]> {
    const [author, voted] = await Promise.all([
      peopleOf(docs.map((d) => d.authorId)),
      votedBy(
        userId,
        docs.map((d) => d._id),
      ),
    ]);
    return docs.map((doc) => ({
      _id: doc._id,
      courseId: doc.courseId,
      lectureId: doc.lectureId,
      title: doc.title,
      body: doc.body,
      author: author(doc.authorId),
      mine: doc.authorId === userId,
      byInstructor: doc.byInstructor === true,
      createdAt: new Date(doc.createdAt).toISOString(),
      editedAt: iso(doc.editedAt),
      answerCount: doc.answerCount,
      upvotes: doc.upvotes,
      votedByMe: voted.has(doc._id),
      acceptedAnswerId: doc.acceptedAnswerId ?? null,
      hidden: doc.hidden ? { reason: doc.hidden.reason, hiddenAt: new Date(doc.hidden.hiddenAt).toISOString() } : null,
    }));
  }
  async function answerViews(docs: AnswerDoc[], userId: string, acceptedId: string | undefined): Promise<Answer[]> {
    const [author, voted] = await Promise.all([
      peopleOf(docs.map((d) => d.authorId)),
      votedBy(
        userId,
        docs.map((d) => d._id),
      ),
    ]);
    return docs.map((doc) => ({
      _id: doc._id,
      questionId: doc.questionId,
      body: doc.body,
      author: author(doc.authorId),
      mine: doc.authorId === userId,
      byInstructor: doc.byInstructor,
      createdAt: new Date(doc.createdAt).toISOString(),
      editedAt: iso(doc.editedAt),
      upvotes: doc.upvotes,
      votedByMe: voted.has(doc._id),
      accepted: acceptedId === doc._id,
      hidden: doc.hidden ? { reason: doc.hidden.reason, hiddenAt: new Date(doc.hidden.hiddenAt).toISOString() } : null,
    }));
  }

  /** One page after the cursor, in the kind's order; the next page's cursor when there is more. */
  async function pageOf<T extends QuestionDoc | AnswerDoc>(
    collection: typeof questions | typeof answers,
    filters: Filter[],
    kind: CursorKind,
    cursorText: string | undefined,
  ): Promise<{ docs: T[]; nextCursor: string | null }> {
    const order = ORDERS[kind];
    const cursor = readCursor(cursorText, kind);
    const all = [...filters, ...(cursor ? [order.after(cursor)] : [])];
    // (MongoDB refuses an empty `$and`: the admin's list of every post has no filter at all.)
    const filter = all.length === 0 ? {} : all.length === 1 ? (all[0] as Filter) : { $and: all };
    const found = (await collection.find(filter, { sort: order.sort, limit: DISCUSSION_PAGE_SIZE + 1 })) as T[];
    const docs = found.slice(0, DISCUSSION_PAGE_SIZE);
    const last = docs[docs.length - 1];
    return { docs, nextCursor: found.length > DISCUSSION_PAGE_SIZE && last ? writeCursor(order.key(last)) : null };
  }

  async function emit<K extends keyof DiscussionEvents>(name: K, event: Parameters<DiscussionEvents[K]>[0]) {
    try {
      await (options.events[name] as (e: typeof event) => void | Promise<void>)(event);
    } catch (error) {
      options.logError(error, `The discussion event '${name}' failed`);
    }
  }

  /** Counts a vote once: the record's insert decides, the count follows by `$inc`. */
  async function vote(
    kind: 'question' | 'answer',
    target: { _id: string },
    userId: string,
    on: boolean,
  ): Promise<VoteResult> {
    const collection = kind === 'question' ? questions : answers;
    const _id = `${target._id}:${userId}`;
    if (on) {
      let counted = true;
      try {
        await votes.insertOne({ _id, targetId: target._id, kind, userId, createdAt: clock.now() });
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
        counted = false;
      }
      if (counted) await collection.updateOne({ _id: target._id }, { $inc: { upvotes: 1 } });
    } else if ((await votes.deleteOne({ _id })) > 0) {
      await collection.updateOne({ _id: target._id }, { $inc: { upvotes: -1 } });
    }
    const now = await collection.findOne({ _id: target._id }, { projection: { upvotes: 1 } });
    return {
      upvotes: now?.upvotes ?? 0,
      votedByMe: (await votes.findOne({ _id }, { projection: { _id: 1 } })) !== null,
    };
  }

  /** The admin's hide or restore of a post; the question's answer count follows a visible answer's. */
  async function setAnswerHidden(answerId: string, hidden: AnswerDoc['hidden'] | null): Promise<AnswerDoc> {
    const answer = await answerById(answerId);
    const updated = await answers.findOneAndUpdate(
      { _id: answer._id, hidden: { $exists: !hidden } },
      hidden ? { $set: { hidden } } : { $unset: { hidden: true } },
    );
    if (updated) await changeAnswerCount(answer.questionId, hidden ? -1 : 1);
    return updated ?? (await answerById(answerId));
  }

  return {
    /** A lesson's or the whole course's questions: searched, sorted, one page after the cursor. */
    async list(
      caller: AuthContext,
      courseId: string,
      query: {
        lectureId?: string | undefined;
        q?: string | undefined;
        sort: DiscussionSort;
        cursor?: string | undefined;
      },
    ): Promise<QuestionsPage> {
      const access = await accessTo(caller, courseId, query.lectureId);
      const filters: Filter[] = [
        { courseId, ...(query.lectureId ? { lectureId: query.lectureId } : {}) },
        visibleTo(access, caller.userId),
      ];
      if (query.sort === 'unanswered') filters.push({ answerCount: 0 });
      if (query.q) filters.push({ searchText: { $regex: new RegExp(escapeRegExp(query.q), 'i') } });
      const { docs, nextCursor } = await pageOf<QuestionDoc>(questions, filters, query.sort, query.cursor);
      return { questions: await questionViews(docs, caller.userId), nextCursor };
    },

    async ask(
      caller: AuthContext,
      courseId: string,
      input: { lectureId: string; title: string; body: string },
    ): Promise<Question> {
      const access = await accessTo(caller, courseId, input.lectureId);
      const { body, text } = cleanBody(input.body, access);
      const takeBack = await refuseRepeat(caller.userId, 'question', `${input.title}\n${text}`);
      const doc: QuestionDoc = {
        _id: newId(),
        courseId,
        lectureId: input.lectureId,
        authorId: caller.userId,
        byInstructor: access.role === 'educator',
        title: input.title,
        body,
        searchText: `${input.title}\n${text}`,
        createdAt: clock.now(),
        answerCount: 0,
        upvotes: 0,
      };
      try {
        await questions.insertOne(doc);
      } catch (error) {
        await takeBack().catch(() => {});
        throw error;
      }
      await countOpen(courseId, 1);
      return (await questionViews([doc], caller.userId))[0] as Question;
    },

    async question(caller: AuthContext, id: string): Promise<Question> {
      const { question } = await readableQuestion(caller, id);
      return (await questionViews([question], caller.userId))[0] as Question;
    },

    /** The author's edit (a hidden question stays hidden). */
    async editQuestion(caller: AuthContext, id: string, edit: { title?: string; body?: string }): Promise<Question> {
      const { question, access } = await readableQuestion(caller, id);
      if (question.authorId !== caller.userId) throw forbidden(NOT_YOUR_POST);
      const title = edit.title ?? question.title;
      const { body, text } =
        edit.body === undefined ? { body: question.body, text: textOf(question.body) } : cleanBody(edit.body, access);
      const updated = await questions.findOneAndUpdate(
        { _id: question._id, authorId: caller.userId },
        { $set: { title, body, searchText: `${title}\n${text}`, editedAt: clock.now() } },
      );
      if (!updated) throw notFound(QUESTION_NOT_FOUND);
      return (await questionViews([updated], caller.userId))[0] as Question;
    },

    /** The author's delete: the question, its answers and every vote on them. */
    async deleteQuestion(caller: AuthContext, id: string): Promise<void> {
      const { question } = await readableQuestion(caller, id);
      if (question.authorId !== caller.userId) throw forbidden(NOT_YOUR_POST);
      // Deleted while open (checked in the delete itself, whatever answer comes at once): one fewer.
      const mine = { _id: question._id, authorId: caller.userId };
      if ((await questions.deleteOne({ ...mine, answerCount: 0, hidden: { $exists: false } })) > 0)
        await countOpen(question.courseId, -1);
      else if ((await questions.deleteOne(mine)) === 0) throw notFound(QUESTION_NOT_FOUND);
      const gone = await answers.find({ questionId: question._id }, { projection: { _id: 1 } });
      await answers.deleteMany({ questionId: question._id });
      await votes.deleteMany({ targetId: { $in: [question._id, ...gone.map((a) => a._id)] } });
    },

    /** A question's answers the caller may see, oldest first. */
    async answers(caller: AuthContext, questionId: string, cursor: string | undefined): Promise<AnswersPage> {
      const { question, access } = await readableQuestion(caller, questionId);
      const { docs, nextCursor } = await pageOf<AnswerDoc>(
        answers,
        [{ questionId: question._id }, visibleTo(access, caller.userId)],
        'answers',
        cursor,
      );
      return { answers: await answerViews(docs, caller.userId, question.acceptedAnswerId), nextCursor };
    },

    async answer(caller: AuthContext, questionId: string, input: { body: string }): Promise<Answer> {
      const { question, access } = await readableQuestion(caller, questionId);
      if (question.hidden) throw notFound(QUESTION_NOT_FOUND);
      const { body, text } = cleanBody(input.body, access);
      if (text.length === 0) throw badRequest(ANSWER_REQUIRED);
      const takeBack = await refuseRepeat(caller.userId, 'answer', text);
      const doc: AnswerDoc = {
        _id: newId(),
        questionId: question._id,
        courseId: question.courseId,
        authorId: caller.userId,
        byInstructor: access.role === 'educator',
        body,
        createdAt: clock.now(),
        upvotes: 0,
      };
      try {
        await answers.insertOne(doc);
      } catch (error) {
        await takeBack().catch(() => {});
        throw error;
      }
      await changeAnswerCount(question._id, 1);
      await emit('answered', {
        courseId: question.courseId,
        questionId: question._id,
        questionTitle: question.title,
        askerId: question.authorId,
        answerId: doc._id,
        answerAuthorId: caller.userId,
        byInstructor: doc.byInstructor,
      });
      return (await answerViews([doc], caller.userId, undefined))[0] as Answer;
    },

    async editAnswer(caller: AuthContext, id: string, input: { body: string }): Promise<Answer> {
      const { answer, question, access } = await readableAnswer(caller, id);
      if (answer.authorId !== caller.userId) throw forbidden(NOT_YOUR_POST);
      const { body, text } = cleanBody(input.body, access);
      if (text.length === 0) throw badRequest(ANSWER_REQUIRED);
      const updated = await answers.findOneAndUpdate(
        { _id: answer._id, authorId: caller.userId },
        { $set: { body, editedAt: clock.now() } },
      );
      if (!updated) throw notFound(ANSWER_NOT_FOUND);
      return (await answerViews([updated], caller.userId, question.acceptedAnswerId))[0] as Answer;
    },

    /** The author's delete: the count follows if it was visible, the acceptance goes with it. */
    async deleteAnswer(caller: AuthContext, id: string): Promise<void> {
      const { answer } = await readableAnswer(caller, id);
      if (answer.authorId !== caller.userId) throw forbidden(NOT_YOUR_POST);
      // Only the delete that removed it changes the count (two at once: one).
      if ((await answers.deleteOne({ _id: answer._id, authorId: caller.userId })) === 0)
        throw notFound(ANSWER_NOT_FOUND);
      if (!answer.hidden) await changeAnswerCount(answer.questionId, -1);
      await questions.updateOne(
        { _id: answer.questionId, acceptedAnswerId: answer._id },
        { $unset: { acceptedAnswerId: true } },
      );
      await votes.deleteMany({ targetId: answer._id });
    },

    async voteQuestion(caller: AuthContext, id: string, on: boolean): Promise<VoteResult> {
      const { question } = await readableQuestion(caller, id);
      return vote('question', question, caller.userId, on);
    },

    async voteAnswer(caller: AuthContext, id: string, on: boolean): Promise<VoteResult> {
      const { answer } = await readableAnswer(caller, id);
      return vote('answer', answer, caller.userId, on);
    },

    /**
     * The asker or the course's educator marks one answer accepted (replacing the one before), or
     * none (`answerId` null). The answer must be a visible answer of this question.
     */
    async accept(caller: AuthContext, questionId: string, answerId: string | null): Promise<Question> {
      const { question, access } = await readableQuestion(caller, questionId);
      if (question.authorId !== caller.userId && access.role !== 'educator') throw forbidden(ONLY_ASKER_ACCEPTS);
      if (answerId !== null) {
        const answer = POST_ID.test(answerId) ? await answers.findOne({ _id: answerId }) : null;
        if (!answer || answer.hidden) throw notFound(ANSWER_NOT_FOUND);
        if (answer.questionId !== question._id) throw badRequest(NOT_THIS_QUESTIONS_ANSWER);
      }
      const updated = await questions.findOneAndUpdate(
        { _id: question._id },
        answerId === null ? { $unset: { acceptedAnswerId: true } } : { $set: { acceptedAnswerId: answerId } },
      );
      if (!updated) throw notFound(QUESTION_NOT_FOUND);
      if (answerId !== null && answerId !== question.acceptedAnswerId) {
        const answer = await answers.findOne({ _id: answerId }, { projection: { authorId: 1 } });
        await emit('accepted', {
          courseId: question.courseId,
          questionId: question._id,
          questionTitle: question.title,
          answerId,
          answerAuthorId: answer?.authorId ?? '',
          acceptedBy: caller.userId,
        });
      }
      return (await questionViews([updated], caller.userId))[0] as Question;
    },

    /**
     * The educator's inbox: the visible questions of every course of theirs, unanswered first
     * (then fewest answers), newest first within.
     */
    async inbox(caller: AuthContext, cursor: string | undefined, q?: string): Promise<InboxPage> {
      const own = (await courses.ofEducator(caller.userId, { courseTitle: 1, courseContent: 1 })) as Array<
        Pick<CourseDoc, '_id' | 'courseTitle' | 'courseContent'>
      >;
      if (own.length === 0) {
        readCursor(cursor, 'inbox');
        return { questions: [], nextCursor: null };
      }
      const byId = new Map(own.map((c) => [c._id, c]));
      const { docs, nextCursor } = await pageOf<QuestionDoc>(
        questions,
        [
          { courseId: { $in: [...byId.keys()] } },
          { hidden: { $exists: false } },
          // Searched: within the educator's courses (the courseId index), a page at a time.
          ...(q ? [{ searchText: { $regex: new RegExp(escapeRegExp(q), 'i') } }] : []),
        ],
        'inbox',
        cursor,
      );
      const views = await questionViews(docs, caller.userId);
      return {
        questions: views.map((view): InboxQuestion => {
          const course = byId.get(view.courseId);
          return {
            ...view,
            course: { _id: view.courseId, courseTitle: course?.courseTitle ?? '' },
            lectureTitle: (course && lessonsOf(course).get(view.lectureId)) ?? '',
          };
        }),
        nextCursor,
      };
    },

    /**
     * The educator's open questions (visible, no visible answer) across their courses: the sum of
     * each course's kept count, read by id (one read per course, never a scan of questions).
     */
    async unansweredCount(caller: AuthContext): Promise<number> {
      const own = await courses.ofEducator(caller.userId, { _id: 1 });
      if (own.length === 0) return 0;
      const counts = await openCounts.find({ _id: { $in: own.map((c) => c._id) } });
      return Math.max(
        0,
        counts.reduce((sum, c) => sum + (c.unanswered ?? 0), 0),
      );
    },

    /**
     * The kept counts of courses whose questions were asked before the counts were kept (a start's
     * backfill, like the courses' discovery fields): counted once, only where none is kept yet.
     */
    async backfillOpenCounts(): Promise<number> {
      // Once per store: after the first start with kept counts, every course's count is kept.
      if (await openCounts.findOne({ _id: OPEN_COUNTS_BACKFILLED })) return 0;
      const asked = new Set((await questions.find({}, { projection: { courseId: 1 } })).map((q) => q.courseId));
      let made = 0;
      for (const courseId of asked) {
        if (await openCounts.findOne({ _id: courseId })) continue;
        const unanswered = await questions.countDocuments({ courseId, answerCount: 0, hidden: { $exists: false } });
        try {
          await openCounts.insertOne({ _id: courseId, unanswered });
          made += 1;
        } catch (error) {
          if (!(error instanceof ConflictError)) throw error;
        }
      }
      await openCounts.updateOne({ _id: OPEN_COUNTS_BACKFILLED }, { $set: { unanswered: 0 } }, { upsert: true });
      return made;
    },

    /** A deleted course's questions, answers and their votes (the educator module's course delete). */
    async removeForCourse(courseId: string): Promise<void> {
      const gone = [
        ...(await questions.find({ courseId }, { projection: { _id: 1 } })),
        ...(await answers.find({ courseId }, { projection: { _id: 1 } })),
      ].map((doc) => doc._id);
      await answers.deleteMany({ courseId });
      await questions.deleteMany({ courseId });
      await openCounts.deleteOne({ _id: courseId });
      if (gone.length) await votes.deleteMany({ targetId: { $in: gone } });
    },

    /**
     * The admins' moderation list: the questions and answers of every course together, newest
     * first, visible, hidden or both, searched (a question's title and text, an answer's text);
     * one page after the cursor, merged from a page of each (both read by their createdAt index).
     */
    async adminList(query: {
      state: DiscussionAdminState;
      q?: string | undefined;
      cursor?: string | undefined;
    }): Promise<AdminDiscussionsPage> {
      const state: Filter[] = query.state === 'all' ? [] : [{ hidden: { $exists: query.state === 'hidden' } }];
      const search = query.q ? new RegExp(escapeRegExp(query.q), 'i') : null;
      const inBody = query.q ? new RegExp(`${escapeRegExp(query.q)}|${escapeRegExp(asHtml(query.q))}`, 'i') : null;
      const [asked, answered] = await Promise.all([
        pageOf<QuestionDoc>(
          questions,
          [...state, ...(search ? [{ searchText: { $regex: search } }] : [])],
          'admin',
          query.cursor,
        ),
        pageOf<AnswerDoc>(
          answers,
          [...state, ...(inBody ? [{ body: { $regex: inBody } }] : [])],
          'admin',
          query.cursor,
        ),
      ]);
      // Both pages sorted alike: the newest DISCUSSION_PAGE_SIZE of the two; more if either had more.
      const newer = (a: QuestionDoc | AnswerDoc, b: QuestionDoc | AnswerDoc) =>
        new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime() ||
        (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);
      const merged = [...asked.docs, ...answered.docs].sort(newer);
      const docs = merged.slice(0, DISCUSSION_PAGE_SIZE);
      const last = docs[docs.length - 1];
      const more = merged.length > DISCUSSION_PAGE_SIZE || asked.nextCursor !== null || answered.nextCursor !== null;
      const nextCursor = more && last ? writeCursor(ORDERS.admin.key(last)) : null;

      const isQuestion = (doc: QuestionDoc | AnswerDoc): doc is QuestionDoc => 'lectureId' in doc;
      const ownQuestions = new Map(docs.filter(isQuestion).map((q) => [q._id, q]));
      const missing = [
        ...new Set(
          docs
            .filter((d): d is AnswerDoc => !isQuestion(d))
            .map((a) => a.questionId)
            .filter((id) => !ownQuestions.has(id)),
        ),
      ];
      const parents = missing.length
        ? await questions.find({ _id: { $in: missing } }, { projection: { title: 1, lectureId: 1, courseId: 1 } })
        : [];
      const questionOf = new Map<string, Pick<QuestionDoc, 'title' | 'lectureId'>>([
        ...ownQuestions,
        ...parents.map((q) => [q._id, q] as const),
      ]);
      const courseIds = [...new Set(docs.map((d) => d.courseId))];
      const [found, author, admin] = await Promise.all([
        courseIds.length ? courses.byIds(courseIds, { courseTitle: 1, courseContent: 1 }) : [],
        peopleOf(docs.map((d) => d.authorId)),
        peopleOf(
          docs.flatMap((d) => (d.hidden ? [d.hidden.hiddenBy] : [])),
          'An admin',
        ),
      ]);
      const courseOf = new Map(
        (found as Array<Pick<CourseDoc, '_id' | 'courseTitle' | 'courseContent'>>).map((c) => [
          c._id,
          { title: c.courseTitle, lessons: lessonsOf(c) },
        ]),
      );
      const posts = docs.map((doc): AdminDiscussionPost => {
        const question = isQuestion(doc) ? doc : questionOf.get(doc.questionId);
        const course = courseOf.get(doc.courseId);
        const lectureId = question?.lectureId ?? '';
        return {
          kind: isQuestion(doc) ? 'question' : 'answer',
          _id: doc._id,
          questionId: isQuestion(doc) ? doc._id : doc.questionId,
          questionTitle: question?.title ?? '',
          course: { _id: doc.courseId, courseTitle: course?.title ?? '' },
          lectureId,
          lectureTitle: course?.lessons.get(lectureId) ?? '',
          author: author(doc.authorId),
          byInstructor: doc.byInstructor === true,
          body: doc.body,
          createdAt: new Date(doc.createdAt).toISOString(),
          editedAt: iso(doc.editedAt),
          hidden: doc.hidden
            ? {
                reason: doc.hidden.reason,
                hiddenAt: new Date(doc.hidden.hiddenAt).toISOString(),
                hiddenBy: { name: admin(doc.hidden.hiddenBy).name },
              }
            : null,
        };
      });
      return { posts, nextCursor };
    },

    /** Admins hide a question (with the reason its author sees) or show it again. */
    async hideQuestion(caller: AuthContext, id: string, reason: string | null): Promise<Question> {
      const question = await questionById(id);
      const change =
        reason === null
          ? { $unset: { hidden: true } }
          : { $set: { hidden: { reason, hiddenAt: clock.now(), hiddenBy: caller.userId } } };
      // Hidden or shown again by this write (not one already so): the open count follows, once.
      const flipped = await questions.findOneAndUpdate(
        { _id: question._id, hidden: { $exists: reason === null } },
        change,
      );
      if (flipped && flipped.answerCount === 0) await countOpen(flipped.courseId, reason === null ? 1 : -1);
      const updated = flipped ?? (await questions.findOneAndUpdate({ _id: question._id }, change));
      if (!updated) throw notFound(QUESTION_NOT_FOUND);
      return (await questionViews([updated], caller.userId))[0] as Question;
    },

    async hideAnswer(caller: AuthContext, id: string, reason: string | null): Promise<Answer> {
      const updated = await setAnswerHidden(
        id,
        reason === null ? null : { reason, hiddenAt: clock.now(), hiddenBy: caller.userId },
      );
      const question = await questions.findOne({ _id: updated.questionId }, { projection: { acceptedAnswerId: 1 } });
      return (await answerViews([updated], caller.userId, question?.acceptedAnswerId))[0] as Answer;
    },
  };
}

export type DiscussionsService = ReturnType<typeof discussionsService>;
