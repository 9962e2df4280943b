/**
 * The one persistence contract of the API: a thin collection layer spoken in MongoDB's
 * query and update language. Both adapters (embedded NeDB and the official MongoDB driver)
 * implement it; repositories never see which one they run on.
 */

import type { Db } from 'mongodb';

export type Doc = { _id: string } & Record<string, unknown>;

/**
 * A contracts type as a document stores it: the same fields under the same names, but the times
 * the API answers as ISO text (`Times`) are Dates. The stored shapes derive from
 * @courseport/contracts with it, so a field renamed there breaks the API's compile.
 */
export type Stored<T, Times extends keyof T = never> = Omit<T, Times> & {
  [K in keyof Pick<T, Times>]: Date | Exclude<T[K], string>;
};

/** A MongoDB-style filter, e.g. `{ status: 'pending', roles: { $in: ['admin'] } }`. */
export type Filter = Record<string, unknown>;
/** A MongoDB-style update, e.g. `{ $set: { name }, $addToSet: { roles: 'student' } }`. */
export type Update = Partial<
  Record<'$set' | '$unset' | '$inc' | '$push' | '$addToSet' | '$pull', Record<string, unknown>>
>;
export type Sort = Record<string, 1 | -1>;
export type Projection = Record<string, 0 | 1>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
  projection?: Projection;
}

export interface UpdateResult {
  matched: number;
  modified: number;
  upsertedId?: string;
}

export interface IndexSpec {
  collection: string;
  /** Field names, in order; more than one makes a compound index. */
  fields: string[];
  unique?: boolean;
  /** Skip documents that lack the field (required for unique indexes on optional fields). */
  sparse?: boolean;
}

export interface Collection<T extends Doc = Doc> {
  insertOne(doc: T): Promise<T>;
  insertMany(docs: T[]): Promise<T[]>;
  findOne(filter: Filter, options?: Pick<FindOptions, 'projection'>): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  countDocuments(filter: Filter): Promise<number>;
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update): Promise<UpdateResult>;
  /**
   * Atomically updates the first document that matches and returns it as it is after the update,
   * or null when nothing matched: the building block for conditional state changes. With
   * `returnDocument: 'before'` it returns the document as it was just before this update (null when
   * nothing matched, or when the upsert created it): what one write changed, exactly, in one round trip.
   */
  findOneAndUpdate(
    filter: Filter,
    update: Update,
    options?: { upsert?: boolean; returnDocument?: 'before' | 'after' },
  ): Promise<T | null>;
  deleteOne(filter: Filter): Promise<number>;
  deleteMany(filter: Filter): Promise<number>;
}

/** Binary files (course thumbnails): GridFS in MongoDB, files under DATA_DIR in embedded mode. */
export interface BlobStore {
  put(id: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(id: string): Promise<Buffer | null>;
  delete(id: string): Promise<void>;
}

export type StoreKind = 'embedded' | 'mongodb';

export interface Store {
  readonly kind: StoreKind;
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  readonly blobs: BlobStore;
  /** MongoDB only: the database, for a library that speaks to it itself (Agenda's MongoBackend, #33). */
  readonly mongoDb?: Db;
  /**
   * A number that grows whenever a write to the collection settles. Caches compare it to know when
   * to rebuild. On MongoDB, once a collection's version has been asked for, writes to it by other API
   * processes count too, within a quarter of a second (SharedWriteVersions).
   */
  writeVersion(collection: string): number;
  /** Creates the indexes if missing; safe to call at every start. */
  ensureIndexes(specs: readonly IndexSpec[]): Promise<void>;
  /** Resolves true when the store answers, false when it does not (never throws). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
