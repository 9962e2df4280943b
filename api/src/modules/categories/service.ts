import type { Category } from '@courseport/contracts';
import type { Clock } from '../../clock.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { words } from '../../http/plain-text.js';
import { ConflictError, type Store } from '../../store/index.js';
import { SHARED_STORE_MAX_AGE_MS, versionedCache } from '../../store/versioned-cache.js';
import { type CategoryDoc, categoriesRepository } from './repository.js';
import { CATEGORY_SLUG } from './schemas.js';

export const CATEGORY_NOT_FOUND = 'Category not found';

/** What a new platform starts with (seeded when the collection is empty). */
export const DEFAULT_CATEGORIES = [
  'Web Development',
  'Data Science',
  'Programming Languages',
  'Mobile Development',
  'DevOps & Cloud',
  'Databases',
  'Design',
  'Business',
];

/** The slug of a name: accent-folded lower-case words joined by dashes ("DevOps & Cloud" → "devops-cloud"). */
export const slugOf = (name: string) => words(name).join('-').slice(0, 80).replace(/-+$/, '');

/**
 * What categories need to know of courses, given by the composition root from the courses module
 * (which is above this one): each course's category, and how many courses a category has.
 */
export interface CourseCategoryCounts {
  categoriesInUse(options: { publishedOnly: boolean }): Promise<Array<string | null | undefined>>;
  countInCategory(slug: string, options: { publishedOnly: boolean }): Promise<number>;
}

export function categoriesService(store: Store, clock: Clock, courses: CourseCategoryCounts) {
  const repo = categoriesRepository(store);

  const isSlug = (slug: string) => CATEGORY_SLUG.test(slug) && slug.length <= 80;

  const listed = versionedCache<'all', Category[]>({
    // Both only grow, so their sum changes whenever either does.
    version: () => store.writeVersion('courses') + store.writeVersion('categories'),
    maxAgeMs: store.kind === 'embedded' ? Number.POSITIVE_INFINITY : SHARED_STORE_MAX_AGE_MS,
    maxEntries: 1,
  });
  async function countCourses(): Promise<Category[]> {
    const [categories, published] = await Promise.all([
      repo.find({}, { sort: { name: 1 } }),
      courses.categoriesInUse({ publishedOnly: true }),
    ]);
    const counts = new Map<string, number>();
    for (const slug of published) {
      if (typeof slug !== 'string') continue;
      counts.set(slug, (counts.get(slug) ?? 0) + 1);
    }
    return categories.map((c) => ({ slug: c._id, name: c.name, courseCount: counts.get(c._id) ?? 0 }));
  }

  return {
    /** Seeds `DEFAULT_CATEGORIES` when there is none yet; returns how many were added. */
    async seedDefaults(): Promise<number> {
      if ((await repo.countDocuments({})) > 0) return 0;
      let added = 0;
      for (const name of DEFAULT_CATEGORIES) {
        try {
          await repo.insertOne({ _id: slugOf(name), name, createdAt: clock.now() });
          added += 1;
        } catch (error) {
          if (!(error instanceof ConflictError)) throw error;
        }
      }
      return added;
    },

    /**
     * Every category by name, with how many published courses are in it: built once per change to
     * the courses or the categories (Home asks on every visit), like the catalog's cached list.
     */
    list(): Promise<Category[]> {
      return listed.get('all', countCourses);
    },

    /** Each category's name by its slug (to name the category of a course card). */
    async names(): Promise<Map<string, string>> {
      return new Map((await this.list()).map((c) => [c.slug, c.name]));
    },

    /** Every category's slug and name, by name, read from the store (the catalog caches its own). */
    async byName(): Promise<Array<{ slug: string; name: string }>> {
      return (await repo.find({}, { sort: { name: 1 } })).map((c) => ({ slug: c._id, name: c.name }));
    },

    async exists(slug: string): Promise<boolean> {
      return isSlug(slug) && (await repo.findOne({ _id: slug }, { projection: { _id: 1 } })) !== null;
    },

    async create(name: string): Promise<Category> {
      const slug = slugOf(name);
      if (!slug) throw badRequest('Name must contain a letter or digit');
      const all = await repo.find({}, { projection: { name: 1 } });
      if (all.some((c) => c._id === slug || c.name.toLowerCase() === name.toLowerCase()))
        throw conflict('A category with this name already exists');
      const doc: CategoryDoc = { _id: slug, name, createdAt: clock.now() };
      try {
        await repo.insertOne(doc);
      } catch (error) {
        if (error instanceof ConflictError) throw conflict('A category with this name already exists');
        throw error;
      }
      return { slug, name, courseCount: 0 };
    },

    async rename(slug: string, name: string): Promise<Category> {
      if (!isSlug(slug)) throw notFound(CATEGORY_NOT_FOUND);
      const all = await repo.find({}, { projection: { name: 1 } });
      if (!all.some((c) => c._id === slug)) throw notFound(CATEGORY_NOT_FOUND);
      if (all.some((c) => c._id !== slug && c.name.toLowerCase() === name.toLowerCase()))
        throw conflict('A category with this name already exists');
      await repo.updateOne({ _id: slug }, { $set: { name, updatedAt: clock.now() } });
      const courseCount = await courses.countInCategory(slug, { publishedOnly: true });
      return { slug, name, courseCount };
    },

    /** 409 while any course (published or not) is in it. */
    async remove(slug: string): Promise<void> {
      if (!isSlug(slug) || !(await repo.findOne({ _id: slug }))) throw notFound(CATEGORY_NOT_FOUND);
      const used = await courses.countInCategory(slug, { publishedOnly: false });
      if (used > 0)
        throw conflict(
          `${used} course${used === 1 ? ' is' : 's are'} in this category: move ${used === 1 ? 'it' : 'them'} first`,
        );
      await repo.deleteOne({ _id: slug });
    },
  };
}
export type CategoriesService = ReturnType<typeof categoriesService>;
