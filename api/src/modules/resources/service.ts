import type { LessonResource, LessonResourceInput, ResourceLink, UploadedResource } from '@courseport/contracts';
import type { AuthContext } from '../../auth/verify.js';
import type { Clock } from '../../clock.js';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../../http/errors.js';
import { ID_PATTERN, newId, type Store } from '../../store/index.js';
import { COURSE_NOT_FOUND, courseRecords, statusOf } from '../courses/index.js';
import type { UploadQuota } from '../media/index.js';
import { checkFile, UNSUPPORTED_FILE } from './content-type.js';
import { blobKey, type ResourceDoc, resourcesRepository } from './repository.js';
import { type LinkSigner, linkSigner } from './signed-links.js';

export const RESOURCE_NOT_FOUND = 'Resource not found';
export const NOT_YOUR_FILE = 'This file is not one you uploaded, or it belongs to another course';
export const NOT_ENROLLED_RESOURCE = 'You are not enrolled in this course';
/** Unattached uploads older than this are deleted (at each upload: see `upload`). */
export const UNATTACHED_MAX_AGE_MS = 24 * 60 * 60_000;
/** At most this many old unattached uploads are deleted per upload. */
const SWEEP_BATCH = 20;

export interface UploadInput {
  data: Buffer;
  originalName: string | null;
}

/** A lesson as the attach step sees it: its id (existing or new) and the resources the form sent. */
export interface LessonResourcesInput {
  lectureId: string;
  resources: readonly LessonResourceInput[];
}

const toUploaded = (doc: ResourceDoc): UploadedResource => ({
  resourceId: doc._id,
  fileName: doc.fileName,
  size: doc.size,
  contentType: doc.contentType,
});

/**
 * Lesson resources (#32): files stored as blobs (GridFS on MongoDB, DATA_DIR on NeDB) with a record
 * each, counted in the uploader's quota, attached to a course's lessons when the course is saved,
 * and downloaded through short-lived signed links by whoever may open the lesson. Calls courses
 * (the course, its enrolled check) and media (the upload quota).
 */
export function resourcesService(
  store: Store,
  clock: Clock,
  options: {
    quota: UploadQuota;
    linkKey: Buffer;
    publicApiUrl: string;
    isAdmin: (auth: AuthContext) => Promise<boolean>;
  },
) {
  const resources = resourcesRepository(store);
  const courses = courseRecords(store);
  const { quota } = options;
  const signer: LinkSigner = linkSigner(options.linkKey, clock, options.publicApiUrl);

  /** Deletes files (blob, record) and gives back what they took of their owners' quota. */
  async function removeDocs(docs: readonly ResourceDoc[]): Promise<void> {
    for (const doc of docs) {
      const deleted = await resources.deleteOne({ _id: doc._id });
      if (deleted === 0) continue;
      await store.blobs.delete(blobKey(doc._id)).catch(() => {});
      if (doc.quotaBytes > 0) await quota.release(doc.ownerId, doc.quotaBytes).catch(() => {});
    }
  }

  /** Stores bytes and their record; on failure nothing stays (the caller gives the quota back). */
  async function put(doc: ResourceDoc, data: Buffer): Promise<ResourceDoc> {
    try {
      await store.blobs.put(blobKey(doc._id), data, doc.contentType);
      await resources.insertOne(doc);
    } catch (error) {
      await store.blobs.delete(blobKey(doc._id)).catch(() => {});
      throw error;
    }
    return doc;
  }

  async function checked(file: UploadInput) {
    const type = await checkFile(file.data, file.originalName);
    if (!type) throw new HttpError(415, UNSUPPORTED_FILE);
    return type;
  }

  const service = {
    /** Deletes unattached lesson uploads older than a day (their quota back). Returns how many. */
    async sweepUnattached(): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - UNATTACHED_MAX_AGE_MS);
      const old = await resources.find(
        { courseId: null, purpose: 'lesson', createdAt: { $lt: cutoff } },
        { limit: SWEEP_BATCH },
      );
      await removeDocs(old);
      return old.length;
    },

    /**
     * An educator's upload: checked by content (415), counted in their quota (413 when it does not
     * fit; given back if storing fails), stored unattached. Old unattached uploads are swept first.
     */
    async upload(ownerId: string, file: UploadInput, title: string | undefined, quotaLimit: number) {
      await service.sweepUnattached().catch(() => 0);
      const type = await checked(file);
      const size = file.data.length;
      await quota.reserve(ownerId, size, quotaLimit);
      const doc: ResourceDoc = {
        _id: newId(),
        ownerId,
        courseId: null,
        lectureId: null,
        title: title?.trim() || type.fileName,
        fileName: type.fileName,
        contentType: type.contentType,
        size,
        purpose: 'lesson',
        quotaBytes: size,
        createdAt: clock.now(),
      };
      try {
        await put(doc, file.data);
      } catch (error) {
        await quota.release(ownerId, size).catch(() => {});
        throw error;
      }
      return toUploaded(doc);
    },

    /**
     * A student's file for a project lesson (the projects module's storage): checked by content
     * like any resource, attached at once to the course and lesson, not counted in a quota (the
     * caller caps its size, and a submission keeps one file).
     */
    async storeSubmissionFile(
      ownerId: string,
      file: UploadInput,
      where: { courseId: string; lectureId: string },
    ): Promise<UploadedResource> {
      const type = await checked(file);
      const doc = await put(
        {
          _id: newId(),
          ownerId,
          courseId: where.courseId,
          lectureId: where.lectureId,
          title: type.fileName,
          fileName: type.fileName,
          contentType: type.contentType,
          size: file.data.length,
          purpose: 'submission',
          quotaBytes: 0,
          createdAt: clock.now(),
        },
        file.data,
      );
      return toUploaded(doc);
    },

    /** Deletes one file by id (blob, record, quota), if it exists. */
    async remove(resourceId: string): Promise<void> {
      const doc = ID_PATTERN.test(resourceId) ? await resources.findOne({ _id: resourceId }) : null;
      if (doc) await removeDocs([doc]);
    },

    /**
     * Checks and attaches the files a course's lessons name, before the course is written: every
     * file must be the owner's, a lesson resource, and unattached or already this course's (400
     * otherwise, naming the lesson). Links get an id (a link already on the course keeps its own
     * when the form sends it back by `resourceId`). Returns each lesson's resources as the course
     * document stores them. `previous`: the course's lessons' resources before this save.
     */
    async attachToCourse(
      ownerId: string,
      courseId: string,
      lessons: readonly LessonResourcesInput[],
      previous: readonly LessonResource[] = [],
    ): Promise<Map<string, LessonResource[]>> {
      const oldLinks = new Map(previous.filter((r) => r.kind === 'link').map((r) => [r.resourceId, r]));
      const linkIds = new Map([...oldLinks.values()].map((r) => [`${r.title}\n${r.url}`, r.resourceId]));
      const fileIds = new Set<string>();
      for (const lesson of lessons)
        for (const input of lesson.resources)
          if ('resourceId' in input && !oldLinks.has(input.resourceId)) fileIds.add(input.resourceId);
      const docs = fileIds.size ? await resources.find({ _id: { $in: [...fileIds] } }) : [];
      const byId = new Map(docs.map((d) => [d._id, d]));
      for (const id of fileIds) {
        const doc = byId.get(id);
        if (!doc || doc.ownerId !== ownerId || doc.purpose !== 'lesson' || (doc.courseId && doc.courseId !== courseId))
          throw badRequest(`${NOT_YOUR_FILE} (resource ${id})`);
      }
      const seen = new Set<string>();
      const result = new Map<string, LessonResource[]>();
      for (const lesson of lessons) {
        const list: LessonResource[] = [];
        for (const input of lesson.resources) {
          if ('url' in input) {
            // A link sent again as it was keeps its id.
            const same = linkIds.get(`${input.title}\n${input.url}`);
            list.push({ resourceId: same ?? newId(), kind: 'link', title: input.title, url: input.url });
            continue;
          }
          const link = oldLinks.get(input.resourceId);
          if (link) {
            list.push({ ...link, title: input.title?.trim() || link.title });
            continue;
          }
          if (seen.has(input.resourceId))
            throw badRequest(`A file may be attached to one lesson only (resource ${input.resourceId})`);
          seen.add(input.resourceId);
          const doc = byId.get(input.resourceId) as ResourceDoc;
          list.push({
            resourceId: doc._id,
            kind: 'file',
            title: input.title?.trim() || doc.title || doc.fileName,
            fileName: doc.fileName,
            size: doc.size,
            contentType: doc.contentType,
          });
        }
        result.set(lesson.lectureId, list);
      }
      // Each claim is conditional: two courses saved at once cannot both take the same unattached file.
      for (const lesson of lessons)
        for (const r of result.get(lesson.lectureId) ?? []) {
          if (r.kind !== 'file') continue;
          const claimed = await resources.updateOne(
            { _id: r.resourceId, ownerId, purpose: 'lesson', courseId: { $in: [null, courseId] } },
            { $set: { courseId, lectureId: lesson.lectureId } },
          );
          if (claimed.matched === 0) throw badRequest(`${NOT_YOUR_FILE} (resource ${r.resourceId})`);
        }
      return result;
    },

    /**
     * After the course is written: its lesson files that no lesson names any more are deleted (blob,
     * record, quota back).
     */
    async keepOnly(courseId: string, kept: Iterable<string>): Promise<void> {
      const keep = new Set(kept);
      const attached = await resources.find({ courseId, purpose: 'lesson' });
      await removeDocs(attached.filter((doc) => !keep.has(doc._id)));
    },

    /** A course that could not be written after all: its files are unattached again (the sweep takes them later). */
    async detachCourse(courseId: string): Promise<void> {
      await resources.updateMany({ courseId, purpose: 'lesson' }, { $set: { courseId: null, lectureId: null } });
    },

    /** A deleted course's files (lesson resources and submission files): blobs, records, quota. */
    async removeForCourse(courseId: string): Promise<void> {
      await removeDocs(await resources.find({ courseId }));
    },

    /**
     * A signed link to a lesson's file: for the course's educator, admins and enrolled students, and
     * for anyone (signed out too) when the lesson is a free preview of a published course. 404 for
     * no such course or file (a course the caller may not see counts as none), 401/403 otherwise.
     */
    async lessonLink(caller: AuthContext | undefined, courseId: string, resourceId: string): Promise<ResourceLink> {
      if (!ID_PATTERN.test(courseId) || !ID_PATTERN.test(resourceId)) throw notFound(RESOURCE_NOT_FOUND);
      const course = await courses.byId(courseId, {
        courseContent: 1,
        educator: 1,
        status: 1,
        isPublished: 1,
      });
      if (!course) throw notFound(COURSE_NOT_FOUND);
      const lesson = (course.courseContent ?? [])
        .flatMap((chapter) => chapter.chapterContent)
        .find((l) => (l.resources ?? []).some((r) => r.resourceId === resourceId && r.kind === 'file'));
      const doc = await resources.findOne({ _id: resourceId, courseId, purpose: 'lesson' });
      const privileged =
        caller !== undefined && (course.educator._id === caller.userId || (await options.isAdmin(caller)));
      const enrolled = caller !== undefined && !privileged && (await courses.isEnrolled(courseId, caller.userId));
      const published = statusOf(course) === 'published';
      // A course the caller cannot see is answered as one that does not exist (#30).
      if (!privileged && !enrolled && !published) throw notFound(COURSE_NOT_FOUND);
      if (!lesson || !doc) throw notFound(RESOURCE_NOT_FOUND);
      if (!privileged && !enrolled && !(published && lesson.isPreviewFree)) {
        if (!caller) throw unauthorized('Please sign in to download this resource');
        throw forbidden(NOT_ENROLLED_RESOURCE);
      }
      return signer.sign(doc._id);
    },

    /** A signed link to a file, once the caller has been authorized by its own rules (project submissions). */
    signedLink: (resourceId: string): ResourceLink => signer.sign(resourceId),

    /** The file a signed link names: its record and bytes (403 for a bad or expired link, 404 when gone). */
    async download(resourceId: string, e: unknown, s: unknown): Promise<{ doc: ResourceDoc; bytes: Buffer }> {
      if (!ID_PATTERN.test(resourceId)) throw notFound(RESOURCE_NOT_FOUND);
      signer.verify(resourceId, e, s);
      const doc = await resources.findOne({ _id: resourceId });
      const bytes = doc ? await store.blobs.get(blobKey(doc._id)) : null;
      if (!doc || !bytes) throw notFound(RESOURCE_NOT_FOUND);
      return { doc, bytes };
    },
  };
  return service;
}
export type ResourcesService = ReturnType<typeof resourcesService>;
