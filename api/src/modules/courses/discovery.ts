import {
  CATALOG_SORTS,
  type CatalogFacets,
  type CatalogSort,
  COURSE_LEVELS,
  type CourseCard,
  type CourseLevel,
  DURATION_BUCKETS,
  type DurationBucket,
  htmlToText,
  MIN_RATINGS,
  PRICE_FILTERS,
  type PriceFilter,
  SEARCH_MAX_LENGTH,
} from '@courseport/contracts';
import { z } from 'zod';
import { words } from '../../http/plain-text.js';
import type { CourseDoc } from './repository.js';

/**
 * Discovery (#21): the catalog's filters, sorts, facets and full-text search, run in memory over
 * the cached published list (see `catalogCache`), identically on both stores. What search needs
 * from a course's description and what the duration filter needs from its lectures is stored on
 * the course (`descriptionTerms`, `durationMinutes`: `discoveryFields`) whenever either changes.
 */

export { words } from '../../http/plain-text.js';

const unique = (list: string[]) => [...new Set(list)];

/**
 * `unique(words(text))` of titles and educator names, remembered across catalog rebuilds (they
 * rarely change, and every enrollment rebuilds the list); forgotten wholesale past 50,000 texts.
 */
const folded = new Map<string, string[]>();
function foldedWords(text: string): string[] {
  let list = folded.get(text);
  if (!list) {
    if (folded.size >= 50_000) folded.clear();
    list = unique(words(text));
    folded.set(text, list);
  }
  return list;
}

/** At most this many distinct description words are kept per course (a 50,000-character description has fewer). */
const MAX_DESCRIPTION_TERMS = 2_000;

/** Minutes of every lecture of a course's content. */
export const durationOf = (content: CourseDoc['courseContent'] | undefined): number =>
  Math.round(
    (content ?? []).reduce(
      (sum, chapter) => sum + chapter.chapterContent.reduce((s, lecture) => s + (lecture.lectureDuration || 0), 0),
      0,
    ),
  );

/** The derived fields discovery reads, from a course's (sanitized) description and content. */
export function discoveryFields(course: Pick<CourseDoc, 'courseDescription' | 'courseContent'>): {
  descriptionTerms: string[];
  durationMinutes: number;
} {
  return {
    descriptionTerms: unique(words(htmlToText(course.courseDescription ?? ''))).slice(0, MAX_DESCRIPTION_TERMS),
    durationMinutes: durationOf(course.courseContent),
  };
}

/** What a catalog entry knows besides its card: all the filters, sorts and search read. */
export interface CatalogEntry {
  card: CourseCard;
  category: string | null;
  level: CourseLevel | null;
  durationMinutes: number;
  /** Price after discount, rupees (two decimals). */
  price: number;
  /** The mean rating (not floored), 0 without ratings. */
  meanRating: number;
  /** Bayesian average: (PRIOR_WEIGHT × PRIOR_MEAN + sum) / (PRIOR_WEIGHT + count). */
  weightedRating: number;
  createdAt: number;
  titleTerms: string[];
  educatorTerms: string[];
  descriptionTerms: string[];
  /** Lower-cased title, for the literal match of a search with no words (`.*`, `(`). */
  titleLower: string;
}

const PRIOR_WEIGHT = 5;
const PRIOR_MEAN = 3.5;

export const priceAfterDiscount = (coursePrice: number, discount: number) =>
  Math.round(coursePrice * (100 - discount)) / 100;

export function catalogEntry(course: CourseDoc, card: CourseCard): CatalogEntry {
  const ratings = course.courseRatings ?? [];
  const sum = ratings.reduce((s, r) => s + r.rating, 0);
  const level = COURSE_LEVELS.includes(course.level as CourseLevel) ? (course.level as CourseLevel) : null;
  return {
    card,
    category: typeof course.category === 'string' ? course.category : null,
    level,
    durationMinutes: typeof course.durationMinutes === 'number' ? course.durationMinutes : 0,
    price: priceAfterDiscount(course.coursePrice, course.discount),
    meanRating: ratings.length ? sum / ratings.length : 0,
    weightedRating: (PRIOR_WEIGHT * PRIOR_MEAN + sum) / (PRIOR_WEIGHT + ratings.length),
    createdAt: new Date(course.createdAt).getTime(),
    titleTerms: foldedWords(course.courseTitle),
    educatorTerms: foldedWords(course.educator?.name ?? ''),
    descriptionTerms: Array.isArray(course.descriptionTerms) ? (course.descriptionTerms as string[]) : [],
    titleLower: course.courseTitle.toLowerCase(),
  };
}

// ---- The query -------------------------------------------------------------------------------

/** A whole number written in digits only (no sign, decimals or exponent), within `min`–`max`. */
export const wholeNumber = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d{1,16}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A comma-separated list of values from `allowed` (no duplicates kept). */
const listOf = <T extends string>(name: string, allowed: readonly T[]) =>
  z.string().transform((text, ctx) => {
    const values = unique(text.split(',').map((v) => v.trim()));
    const wrong = values.find((v) => !allowed.includes(v as T));
    if (wrong !== undefined || values.length === 0) {
      ctx.addIssue({ code: 'custom', message: `${name} must be one of ${allowed.join(', ')}` });
      return z.NEVER;
    }
    return values as T[];
  });

const rupeesParam = (name: string) =>
  z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, `${name} must be an amount in rupees (0 or more, at most two decimals)`)
    .transform(Number);

export const CATALOG_PAGE_SIZE = 48;
export const CATALOG_MAX_PAGE_SIZE = 100;

export const catalogQuerySchema = z
  .object({
    search: z.string().trim().max(SEARCH_MAX_LENGTH, `must be at most ${SEARCH_MAX_LENGTH} characters`).optional(),
    offset: wholeNumber(0, 1_000_000_000).default(0),
    limit: wholeNumber(1, CATALOG_MAX_PAGE_SIZE).default(CATALOG_PAGE_SIZE),
    category: z
      .string()
      .transform((text, ctx) => {
        const values = unique(text.split(',').map((v) => v.trim()));
        if (values.length === 0 || values.some((v) => !SLUG.test(v) || v.length > 80)) {
          ctx.addIssue({ code: 'custom', message: 'category must be a comma-separated list of category slugs' });
          return z.NEVER;
        }
        return values;
      })
      .optional(),
    level: listOf('level', COURSE_LEVELS).optional(),
    price: z
      .enum(PRICE_FILTERS as [PriceFilter, ...PriceFilter[]], `price must be one of ${PRICE_FILTERS.join(', ')}`)
      .optional(),
    minPrice: rupeesParam('minPrice').optional(),
    maxPrice: rupeesParam('maxPrice').optional(),
    rating: z
      .string()
      .refine((v) => MIN_RATINGS.map(String).includes(v), `rating must be one of ${MIN_RATINGS.join(', ')}`)
      .transform(Number)
      .optional(),
    duration: listOf(
      'duration',
      DURATION_BUCKETS.map((b) => b.id),
    ).optional(),
    sort: z
      .enum(CATALOG_SORTS as [CatalogSort, ...CatalogSort[]], `sort must be one of ${CATALOG_SORTS.join(', ')}`)
      .optional(),
    facets: z.enum(['1', '0'], 'facets must be 1 or 0').optional(),
  })
  .superRefine((query, ctx) => {
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice)
      ctx.addIssue({ code: 'custom', path: ['minPrice'], message: 'minPrice must not be more than maxPrice' });
    if (query.sort === 'relevance' && !query.search)
      ctx.addIssue({ code: 'custom', path: ['sort'], message: 'sort=relevance needs a search' });
  });

export type CatalogQueryInput = z.infer<typeof catalogQuerySchema>;

/** The filters of a query, each group optional. */
export interface CatalogFilters {
  category?: string[];
  level?: CourseLevel[];
  price?: PriceFilter;
  minPrice?: number;
  maxPrice?: number;
  rating?: number;
  duration?: DurationBucket[];
}

type Group = 'category' | 'level' | 'price' | 'rating' | 'duration';

/** Whether an entry passes one group of the filters. */
function passesGroup(entry: CatalogEntry, f: CatalogFilters, group: Group): boolean {
  switch (group) {
    case 'category':
      return !f.category || (entry.category !== null && f.category.includes(entry.category));
    case 'level':
      return !f.level || (entry.level !== null && f.level.includes(entry.level));
    case 'price':
      return !(
        (f.price === 'free' && entry.price !== 0) ||
        (f.price === 'paid' && entry.price === 0) ||
        (f.minPrice !== undefined && entry.price < f.minPrice) ||
        (f.maxPrice !== undefined && entry.price > f.maxPrice)
      );
    case 'rating':
      return f.rating === undefined || entry.meanRating >= f.rating;
    case 'duration':
      return !f.duration || f.duration.some((id) => inBucket(entry.durationMinutes, id));
  }
}

const GROUPS: readonly Group[] = ['category', 'level', 'price', 'rating', 'duration'];
const passes = (entry: CatalogEntry, f: CatalogFilters) => GROUPS.every((g) => passesGroup(entry, f, g));

const BUCKETS = new Map(DURATION_BUCKETS.map((b) => [b.id, b]));
function inBucket(minutes: number, id: DurationBucket): boolean {
  const bucket = BUCKETS.get(id);
  if (!bucket) return false;
  return minutes >= bucket.from && (bucket.to === null || minutes < bucket.to);
}

export const filterEntries = (entries: readonly CatalogEntry[], filters: CatalogFilters) =>
  entries.filter((entry) => passes(entry, filters));

/**
 * One page of the entries that pass the filters (and `keep`), in the list's order, and how many
 * pass: one pass that allocates the page only, not a list of every match (at 5,000 courses, those
 * lists were most of a filtered request's garbage, and its collections the tail of its latency).
 */
export function filteredPage(
  list: readonly CatalogEntry[],
  filters: CatalogFilters,
  offset: number,
  limit: number,
  keep?: (entry: CatalogEntry) => boolean,
): { page: CatalogEntry[]; total: number } {
  const page: CatalogEntry[] = [];
  let total = 0;
  for (const entry of list) {
    if ((keep && !keep(entry)) || !passes(entry, filters)) continue;
    if (total >= offset && page.length < limit) page.push(entry);
    total += 1;
  }
  return { page, total };
}

/** Per value counts, each group with its own filter removed and the others applied. */
export function facetsOf(
  entries: readonly CatalogEntry[],
  filters: CatalogFilters,
  categories: ReadonlyArray<{ slug: string; name: string }>,
): CatalogFacets {
  const category = new Map(categories.map((c) => [c.slug, 0]));
  const level = new Map<CourseLevel, number>(COURSE_LEVELS.map((v) => [v, 0]));
  const price = new Map<PriceFilter, number>(PRICE_FILTERS.map((v) => [v, 0]));
  const rating = new Map<number, number>(MIN_RATINGS.map((v) => [v, 0]));
  const duration = new Map<DurationBucket, number>(DURATION_BUCKETS.map((b) => [b.id, 0]));
  const bump = <K>(map: Map<K, number>, key: K) => {
    const n = map.get(key);
    if (n !== undefined) map.set(key, n + 1);
  };
  // One pass: an entry that fails no group counts in every group; one that fails exactly one
  // group counts only in that group (its filter is the one left out); more, nowhere.
  for (const entry of entries) {
    let failed: Group | null = null;
    let failures = 0;
    for (const group of GROUPS) {
      if (!passesGroup(entry, filters, group)) {
        failures += 1;
        failed = group;
        if (failures > 1) break;
      }
    }
    if (failures > 1) continue;
    const counts = (group: Group) => failures === 0 || failed === group;
    if (counts('category') && entry.category !== null) bump(category, entry.category);
    if (counts('level') && entry.level !== null) bump(level, entry.level);
    if (counts('price')) bump(price, entry.price === 0 ? 'free' : 'paid');
    if (counts('rating')) for (const min of MIN_RATINGS) if (entry.meanRating >= min) bump(rating, min);
    if (counts('duration'))
      for (const b of DURATION_BUCKETS) if (inBucket(entry.durationMinutes, b.id)) bump(duration, b.id);
  }
  return {
    category: categories.map((c) => ({ slug: c.slug, name: c.name, count: category.get(c.slug) ?? 0 })),
    level: [...level].map(([value, count]) => ({ value, count })),
    price: [...price].map(([value, count]) => ({ value, count })),
    rating: [...rating].map(([value, count]) => ({ value, count })),
    duration: [...duration].map(([value, count]) => ({ value, count })),
  };
}

// ---- Search ----------------------------------------------------------------------------------

const TITLE = 3;
const EDUCATOR = 2;
const DESCRIPTION = 1;

/** Per field, the entries a word is in. */
interface Postings {
  title: CatalogEntry[];
  educator: CatalogEntry[];
  description: CatalogEntry[];
}

/**
 * The catalog's words, sorted, each with the entries whose title, educator or description has it:
 * built once per catalog change, so a word prefix is a binary search and a walk over the words
 * that begin with it, not a scan of every course.
 */
export interface SearchIndex {
  words: string[];
  postings: Map<string, Postings>;
}

export function searchIndexOf(entries: readonly CatalogEntry[]): SearchIndex {
  const postings = new Map<string, Postings>();
  const add = (word: string, field: keyof Postings, entry: CatalogEntry) => {
    let p = postings.get(word);
    if (!p) {
      p = { title: [], educator: [], description: [] };
      postings.set(word, p);
    }
    p[field].push(entry);
  };
  for (const entry of entries) {
    for (const w of entry.titleTerms) add(w, 'title', entry);
    for (const w of entry.educatorTerms) add(w, 'educator', entry);
    for (const w of entry.descriptionTerms) add(w, 'description', entry);
  }
  return { words: [...postings.keys()].sort(), postings };
}

/** The first index of `words` not below `prefix`. */
function lowerBound(words: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((words[mid] as string) < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Each entry with a word beginning with `term`, scored by the best field it is in. */
function termScores(index: SearchIndex, term: string): Map<CatalogEntry, number> {
  const best = new Map<CatalogEntry, number>();
  const raise = (list: readonly CatalogEntry[], score: number) => {
    for (const entry of list) if ((best.get(entry) ?? 0) < score) best.set(entry, score);
  };
  for (let i = lowerBound(index.words, term); i < index.words.length; i++) {
    const word = index.words[i] as string;
    if (!word.startsWith(term)) break;
    const p = index.postings.get(word) as Postings;
    const whole = word === term ? 0.5 : 0;
    raise(p.title, TITLE + whole);
    raise(p.educator, EDUCATOR + whole);
    raise(p.description, DESCRIPTION + whole);
  }
  return best;
}

/**
 * Scores of the entries a search finds. A search with words finds courses where every word
 * begins a word of the title, the educator's name or the description (accents and case folded);
 * each word scores by the best field it is in (title 3, educator 2, description 1), +0.5 when it
 * is a whole word there. A search with no words (`.*`, `(`) is the spec's literal, case-insensitive
 * match on titles.
 */
export function searchEntries(
  entries: readonly CatalogEntry[],
  search: string,
  index: SearchIndex = searchIndexOf(entries),
): Map<CatalogEntry, number> {
  const terms = unique(words(search));
  if (terms.length === 0) {
    const found = new Map<CatalogEntry, number>();
    const literal = search.toLowerCase();
    for (const entry of entries) if (entry.titleLower.includes(literal)) found.set(entry, 1);
    return found;
  }
  let found: Map<CatalogEntry, number> | null = null;
  for (const term of terms) {
    const scores = termScores(index, term);
    if (found === null) {
      found = scores;
    } else {
      const next = new Map<CatalogEntry, number>();
      for (const [entry, score] of found) {
        const more = scores.get(entry);
        if (more !== undefined) next.set(entry, score + more);
      }
      found = next;
    }
    if (found.size === 0) break;
  }
  return found ?? new Map();
}

// ---- Sorts -----------------------------------------------------------------------------------

const byNewest = (a: CatalogEntry, b: CatalogEntry) =>
  b.createdAt - a.createdAt || (a.card._id < b.card._id ? 1 : a.card._id > b.card._id ? -1 : 0);

export function sortEntries(
  list: CatalogEntry[],
  sort: CatalogSort,
  scores?: Map<CatalogEntry, number>,
): CatalogEntry[] {
  const compare: Record<CatalogSort, (a: CatalogEntry, b: CatalogEntry) => number> = {
    relevance: (a, b) => (scores?.get(b) ?? 0) - (scores?.get(a) ?? 0) || byNewest(a, b),
    popular: (a, b) =>
      b.card.enrolledCount - a.card.enrolledCount || b.weightedRating - a.weightedRating || byNewest(a, b),
    rating: (a, b) =>
      b.weightedRating - a.weightedRating || b.card.enrolledCount - a.card.enrolledCount || byNewest(a, b),
    newest: byNewest,
    'price-asc': (a, b) => a.price - b.price || byNewest(a, b),
    'price-desc': (a, b) => b.price - a.price || byNewest(a, b),
  };
  return list.sort(compare[sort]);
}
