import type { ProjectSubmission, SubmissionStatus } from '@courseport/contracts';
import type { AuthContext } from '../../auth/verify.js';
import type { Clock } from '../../clock.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { cleanPlainText } from '../../http/plain-text.js';
import { ConflictError, ID_PATTERN, newId, type Store } from '../../store/index.js';
import { COURSE_NOT_FOUND, courseRecords, type LectureDoc } from '../courses/index.js';
import type { LearningService } from '../learning/index.js';
import type { Notify } from '../notifications/index.js';
import type { ResourcesService, UploadInput } from '../resources/index.js';
import { userRecords } from '../users/index.js';
import { type SubmissionDoc, submissionsRepository } from './repository.js';

export const NOT_A_PROJECT = 'This lesson is not a project';
export const ALREADY_ACCEPTED = 'Your project was already accepted: it cannot be replaced';
export const SUBMISSION_NOT_FOUND = 'Submission not found';
export const SUBMITTED_MEANWHILE =
  'The student submitted again meanwhile. Please reload and review the new submission.';
export const NO_FILE = 'This submission is a link, not a file';

export type SubmissionInput =
  | { kind: 'link'; url: string; note: string }
  | { kind: 'file'; file: UploadInput; note: string };

const toSubmission = (doc: SubmissionDoc): ProjectSubmission => ({
  _id: doc._id,
  courseId: doc.courseId,
  lectureId: doc.lectureId,
  kind: doc.kind,
  ...(doc.url !== undefined ? { url: doc.url } : {}),
  ...(doc.fileName !== undefined ? { fileName: doc.fileName } : {}),
  ...(doc.size !== undefined ? { size: doc.size } : {}),
  note: doc.note,
  status: doc.status,
  ...(doc.reviewComment ? { reviewComment: doc.reviewComment } : {}),
  submittedAt: new Date(doc.submittedAt).toISOString(),
  ...(doc.reviewedAt ? { reviewedAt: new Date(doc.reviewedAt).toISOString() } : {}),
});

const lessonsOf = (course: { courseContent?: Array<{ chapterContent: LectureDoc[] }> }) =>
  (course.courseContent ?? []).flatMap((chapter) => chapter.chapterContent);

/**
 * Project lessons' submissions (#32): an enrolled student hands in a link or a file (a resource
 * stored by the resources module); the course's educator reviews it (accept, or ask for changes
 * with a comment); an accepted project completes the lesson (learning) and the student is told by
 * notification (#35). Calls learning, notifications, users, courses and resources.
 */
export function projectsService(
  store: Store,
  clock: Clock,
  deps: {
    learning: Pick<LearningService, 'checkAccess' | 'completeGatedLesson'>;
    resources: Pick<ResourcesService, 'storeSubmissionFile' | 'remove' | 'signedLink'>;
    /** Tells the student (#35: a `project-reviewed` notification, mailed unless they turned it off). */
    notify: Notify;
    publicAppUrl: string;
  },
) {
  const submissions = submissionsRepository(store);
  const courses = courseRecords(store);
  const users = userRecords(store);
  const { learning, resources } = deps;

  /** The project lesson (and its course's educator and title); 400 for another kind of lesson. */
  async function projectLesson(courseId: string, lectureId: string) {
    const course = await courses.byId(courseId, { courseContent: 1, educator: 1, courseTitle: 1 });
    if (!course) throw notFound(COURSE_NOT_FOUND);
    const lesson = lessonsOf(course).find((l) => l.lectureId === lectureId);
    if (lesson?.lessonKind !== 'project') throw badRequest(NOT_A_PROJECT);
    return { course };
  }

  /** The submission for its course's educator (or 404, never saying whether it exists). */
  async function reviewable(educatorId: string, submissionId: string): Promise<SubmissionDoc> {
    const doc = ID_PATTERN.test(submissionId) ? await submissions.findOne({ _id: submissionId }) : null;
    if (!doc) throw notFound(SUBMISSION_NOT_FOUND);
    const course = await courses.byId(doc.courseId, { educator: 1 });
    if (!course || course.educator._id !== educatorId) throw notFound(SUBMISSION_NOT_FOUND);
    return doc;
  }

  async function enrich(docs: SubmissionDoc[]): Promise<ProjectSubmission[]> {
    const students = await users.byIds(
      docs.map((d) => d.userId),
      { name: 1, imageUrl: 1 },
    );
    const byUser = new Map(students.map((s) => [s._id, s]));
    const courseDocs = await courses.byIds(
      docs.map((d) => d.courseId),
      { courseTitle: 1, courseContent: 1 },
    );
    const byCourse = new Map(courseDocs.map((c) => [c._id, c]));
    return docs.map((doc) => {
      const course = byCourse.get(doc.courseId);
      const student = byUser.get(doc.userId);
      return {
        ...toSubmission(doc),
        courseTitle: course?.courseTitle ?? '',
        lectureTitle: (course && lessonsOf(course).find((l) => l.lectureId === doc.lectureId)?.lectureTitle) ?? '',
        student: { _id: doc.userId, name: student?.name ?? 'Unknown student', imageUrl: student?.imageUrl ?? '' },
      };
    });
  }

  const service = {
    /** Passes for an enrolled student and a project lesson: checked before a file is read. */
    async assertCanSubmit(userId: string, courseId: string, lectureId: string): Promise<void> {
      await learning.checkAccess(userId, courseId, lectureId);
      await projectLesson(courseId, lectureId);
    },

    /**
     * Hands in (or replaces) the student's submission: status `submitted`, an earlier review and
     * file dropped. 409 once it was accepted. A file is stored first and removed again if the
     * submission cannot be written.
     */
    async submit(
      userId: string,
      courseId: string,
      lectureId: string,
      input: SubmissionInput,
    ): Promise<ProjectSubmission> {
      await learning.checkAccess(userId, courseId, lectureId);
      const { course } = await projectLesson(courseId, lectureId);
      const before = await submissions.findOne({ userId, lectureId });
      if (before?.status === 'accepted') throw conflict(ALREADY_ACCEPTED);
      const fields: SubmissionDoc = {
        _id: before?._id ?? newId(),
        userId,
        courseId,
        lectureId,
        educatorId: course.educator._id,
        kind: input.kind,
        note: cleanPlainText(input.note),
        status: 'submitted',
        submittedAt: clock.now(),
      };
      if (input.kind === 'link') fields.url = input.url;
      else {
        const file = await resources.storeSubmissionFile(userId, input.file, { courseId, lectureId });
        Object.assign(fields, { fileId: file.resourceId, fileName: file.fileName, size: file.size });
      }
      const unset = {
        ...(input.kind === 'link' ? { fileId: '', fileName: '', size: '' } : { url: '' }),
        reviewComment: '',
        reviewedAt: '',
      };
      let saved: SubmissionDoc | null = null;
      try {
        // One conditional write: never over an accepted submission, even one accepted a moment ago.
        const { _id, ...set } = fields;
        saved = await submissions.findOneAndUpdate(
          { userId, lectureId, status: { $ne: 'accepted' } },
          { $set: set, $unset: unset },
        );
        if (!saved && !before) saved = await submissions.insertOne(fields);
      } catch (error) {
        if (fields.fileId) await resources.remove(fields.fileId).catch(() => {});
        if (error instanceof ConflictError) throw conflict('You submitted this project twice at once. Please reload.');
        throw error;
      }
      if (!saved) {
        if (fields.fileId) await resources.remove(fields.fileId).catch(() => {});
        throw conflict(ALREADY_ACCEPTED);
      }
      if (before?.fileId && before.fileId !== fields.fileId) await resources.remove(before.fileId).catch(() => {});
      return toSubmission(saved);
    },

    /** The student's own submission for the lesson, or null. */
    async mine(userId: string, courseId: string, lectureId: string): Promise<ProjectSubmission | null> {
      await learning.checkAccess(userId, courseId, lectureId);
      const doc = await submissions.findOne({ userId, courseId, lectureId });
      return doc ? toSubmission(doc) : null;
    },

    /** The educator's queue: their courses' submissions in one status, newest first, a page at a time. */
    async queue(
      educatorId: string,
      query: { status: SubmissionStatus; courseId?: string | undefined; offset: number; limit: number },
    ): Promise<{ submissions: ProjectSubmission[]; total: number }> {
      const filter = { educatorId, status: query.status, ...(query.courseId ? { courseId: query.courseId } : {}) };
      const [total, docs] = await Promise.all([
        submissions.countDocuments(filter),
        submissions.find(filter, { sort: { submittedAt: -1, _id: -1 }, skip: query.offset, limit: query.limit }),
      ]);
      return { submissions: await enrich(docs), total };
    },

    /** Submissions waiting for the educator's review (the dashboard's count). */
    pendingCount: (educatorId: string) => submissions.countDocuments({ educatorId, status: 'submitted' }),

    /**
     * The course's educator accepts a submission (the lesson is completed for the student) or asks
     * for changes (a comment required); the student is mailed either way. 404 for anyone else's.
     */
    async review(
      educatorId: string,
      submissionId: string,
      { decision, comment }: { decision: 'accept' | 'changes'; comment: string },
    ): Promise<ProjectSubmission> {
      const doc = await reviewable(educatorId, submissionId);
      const accepted = decision === 'accept';
      if (doc.status === 'accepted' && !accepted) throw conflict('This project was already accepted');
      const reviewComment = cleanPlainText(comment);
      let saved = doc;
      if (doc.status !== 'accepted') {
        const updated = await submissions.findOneAndUpdate(
          { _id: doc._id, status: doc.status, submittedAt: doc.submittedAt },
          {
            $set: {
              status: accepted ? 'accepted' : 'changes_requested',
              reviewedAt: clock.now(),
              ...(reviewComment ? { reviewComment } : {}),
            },
            ...(reviewComment ? {} : { $unset: { reviewComment: '' } }),
          },
        );
        if (!updated) throw conflict(SUBMITTED_MEANWHILE);
        saved = updated;
      }
      // Accepting again (after a failure half way) completes the lesson if it was not yet.
      if (accepted)
        await learning.completeGatedLesson(doc.userId, doc.courseId, doc.lectureId).catch((error: unknown) => {
          // A student no longer enrolled (refunded) keeps the review; anything else is the store's failure.
          if ((error as { status?: number }).status !== 403) throw error;
        });
      if (saved !== doc) await service.tell(saved, accepted, reviewComment);
      return (await enrich([saved]))[0] as ProjectSubmission;
    },

    /** Tells the student about the review (#35: a notification and its mail; a failure is logged by the port: the review stands). */
    async tell(doc: SubmissionDoc, accepted: boolean, comment: string): Promise<void> {
      const course = await courses.byId(doc.courseId, { courseTitle: 1, courseContent: 1 });
      if (!course) return;
      const lessonTitle = lessonsOf(course).find((l) => l.lectureId === doc.lectureId)?.lectureTitle ?? 'Project';
      const title = accepted
        ? `Your project was accepted: ${lessonTitle}`
        : `Changes requested on your project: ${lessonTitle}`;
      const what = accepted
        ? 'Your educator accepted your project, and the lesson is now complete.'
        : 'Your educator reviewed your project and asked for some changes before accepting it.';
      await deps.notify(doc.userId, 'project-reviewed', {
        title,
        text: comment ? `${course.courseTitle}: ${comment}` : course.courseTitle,
        link: `/player/${doc.courseId}`,
        courseId: doc.courseId,
        mail: {
          subject: title,
          text: `${what}\n\nCourse: ${course.courseTitle}\nProject: ${lessonTitle}\n${comment ? `\nTheir comment:\n${comment}\n` : ''}`,
        },
      });
    },

    /** A signed link to a file submission: for the student who sent it and the course's educator (404 for anyone else). */
    async fileLink(caller: AuthContext, submissionId: string) {
      const doc = ID_PATTERN.test(submissionId) ? await submissions.findOne({ _id: submissionId }) : null;
      if (!doc) throw notFound(SUBMISSION_NOT_FOUND);
      if (doc.userId !== caller.userId) await reviewable(caller.userId, submissionId);
      if (doc.kind !== 'file' || !doc.fileId) throw badRequest(NO_FILE);
      return resources.signedLink(doc.fileId);
    },

    /** A deleted course's submissions and their files. */
    async removeForCourse(courseId: string): Promise<void> {
      const docs = await submissions.find({ courseId }, { projection: { fileId: 1 } });
      for (const doc of docs) if (doc.fileId) await resources.remove(doc.fileId).catch(() => {});
      await submissions.deleteMany({ courseId });
    },
  };
  return service;
}
export type ProjectsService = ReturnType<typeof projectsService>;
