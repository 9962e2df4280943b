import type { Projection, Store } from '../../store/index.js';
import { durationOf } from './discovery.js';
import { type CourseDoc, coursesRepository, type LectureDoc } from './repository.js';

/** Where a lesson names its hosted video (#33), for queries across chapters and lessons. */
const VIDEO_LESSON_FIELD = 'courseContent.chapterContent.hostedVideoId';

/** What a lesson that plays a hosted video takes from it (#33). */
export interface HostedVideoFacts {
  durationS: number;
  captionLanguages: string[];
  posterUrl: string | null;
}

/** A lesson's fields from its hosted video's facts: minutes rounded up (at least 1), languages, poster. */
export function lessonFactsOf(
  facts: HostedVideoFacts,
): Pick<LectureDoc, 'lectureDuration' | 'captionLanguages' | 'posterUrl'> {
  return {
    lectureDuration: Math.max(1, Math.ceil(facts.durationS / 60)),
    captionLanguages: [...facts.captionLanguages],
    ...(facts.posterUrl ? { posterUrl: facts.posterUrl } : {}),
  };
}

/**
 * What other modules may read and write of a course, by name: the courses collection itself stays
 * private to this module. Every filter on it is written here.
 */
export function courseRecords(store: Store) {
  const courses = coursesRepository(store);
  const some = (projection?: Projection) => (projection ? { projection } : undefined);

  return {
    /** The course (only the projected fields, when given), or null. */
    byId: (courseId: string, projection?: Projection) => courses.findOne({ _id: courseId }, some(projection)),

    /** The course if it is published (on sale), or null. */
    publishedById: (courseId: string, projection?: Projection) =>
      courses.findOne({ _id: courseId, isPublished: true }, some(projection)),

    /** The course if the user is among its enrolled students, or null. */
    enrolledById: (courseId: string, userId: string, projection?: Projection) =>
      courses.findOne({ _id: courseId, enrolledStudents: userId }, some(projection)),

    /** Whether the course's student list names the user. */
    async isEnrolled(courseId: string, userId: string): Promise<boolean> {
      return (await courses.findOne({ _id: courseId, enrolledStudents: userId }, { projection: { _id: 1 } })) !== null;
    },

    /** Whether the user can see the course at all: it is on sale, or it is theirs. */
    async visibleTo(courseId: string, userId: string): Promise<boolean> {
      return (
        (await courses.findOne(
          { _id: courseId, $or: [{ isPublished: true }, { 'educator._id': userId }] },
          { projection: { _id: 1 } },
        )) !== null
      );
    },

    /** The courses of these ids that exist. */
    byIds: (ids: readonly string[], projection?: Projection) =>
      courses.find({ _id: { $in: [...new Set(ids)] } }, some(projection)),

    /** Each existing course's title by its id. */
    async titles(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const found = await courses.find({ _id: { $in: [...new Set(ids)] } }, { projection: { courseTitle: 1 } });
      return new Map(found.map((c) => [c._id, c.courseTitle]));
    },

    /** #36: every course's id (analytics' rebuild of all counters). */
    async allIds(): Promise<string[]> {
      return (await courses.find({}, { projection: { _id: 1 } })).map((c) => c._id);
    },

    /** An educator's courses (every status), newest first. */
    ofEducator: (educatorId: string, projection?: Projection) =>
      courses.find({ 'educator._id': educatorId }, { sort: { createdAt: -1 }, ...some(projection) }),

    /** Every course's category, published courses only or all. */
    async categoriesInUse({ publishedOnly }: { publishedOnly: boolean }): Promise<Array<string | null | undefined>> {
      const found = await courses.find(publishedOnly ? { isPublished: true } : {}, { projection: { category: 1 } });
      return found.map((c) => c.category);
    },

    /** How many courses are in the category (published ones only, or all). */
    countInCategory: (slug: string, { publishedOnly }: { publishedOnly: boolean }) =>
      courses.countDocuments(publishedOnly ? { isPublished: true, category: slug } : { category: slug }),

    insert: (course: CourseDoc) => courses.insertOne(course),
    insertMany: (list: CourseDoc[]) => courses.insertMany(list),

    /**
     * Replaces fields of the educator's course if its `editVersion` is still `version` (0: never
     * edited), bumping it; the course after, or null when it changed meanwhile (or is not theirs).
     */
    saveIfUnchanged(courseId: string, educatorId: string, version: number, set: Record<string, unknown>) {
      const unchanged =
        version === 0 ? { $or: [{ editVersion: { $exists: false } }, { editVersion: 0 }] } : { editVersion: version };
      return courses.findOneAndUpdate(
        { _id: courseId, 'educator._id': educatorId, ...unchanged },
        { $set: { ...set, editVersion: version + 1 } },
      );
    },

    /** The courses with a lesson that plays the hosted video (#33): their ids and titles. */
    playingVideo: (videoId: string) =>
      courses.find({ [VIDEO_LESSON_FIELD]: videoId }, { projection: { courseTitle: 1 }, sort: { createdAt: 1 } }),

    /**
     * A hosted video's facts (#33: its duration, caption languages, poster) onto every lesson that
     * plays it, and the courses' total duration after. Each course is rewritten whole-content only if
     * its content is still as it was read (its `editVersion`, not bumped: an educator's edit under way
     * is not refused for it); a course edited meanwhile is read again. Returns how many changed.
     */
    async setVideoFacts(videoId: string, facts: HostedVideoFacts): Promise<number> {
      let changed = 0;
      const playing = await courses.find(
        { [VIDEO_LESSON_FIELD]: videoId },
        { projection: { courseContent: 1, courseDescription: 1, editVersion: 1 } },
      );
      for (let course of playing) {
        for (let attempt = 0; attempt < 5 && course; attempt += 1) {
          const courseContent = course.courseContent.map((chapter) => ({
            ...chapter,
            chapterContent: chapter.chapterContent.map((lesson) =>
              lesson.hostedVideoId === videoId ? { ...lesson, ...lessonFactsOf(facts) } : lesson,
            ),
          }));
          const version = course.editVersion as number | undefined;
          const unchanged = version === undefined ? { editVersion: { $exists: false } } : { editVersion: version };
          const result = await courses.updateOne(
            { _id: course._id, ...unchanged },
            { $set: { courseContent, durationMinutes: durationOf(courseContent) } },
          );
          if (result.matched === 1) {
            changed += 1;
            break;
          }
          course = (await courses.findOne(
            { _id: course._id, [VIDEO_LESSON_FIELD]: videoId },
            { projection: { courseContent: 1, courseDescription: 1, editVersion: 1 } },
          )) as CourseDoc;
        }
      }
      return changed;
    },

    /** Deletes the educator's course; how many were deleted (0 or 1). */
    deleteOwned: (courseId: string, educatorId: string) =>
      courses.deleteOne({ _id: courseId, 'educator._id': educatorId }),
  };
}
export type CourseRecords = ReturnType<typeof courseRecords>;
