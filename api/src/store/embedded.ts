import { constants } from 'node:fs';
import { access, chmod, lstat, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as nedb from '@seald-io/nedb';
import { type AppendFs, consoleStoreLogger, type Durability, makeDurable, type StoreLogger } from './durable-nedb.js';
import { ConflictError, StoreUnavailableError } from './errors.js';
import { newId } from './ids.js';
import { patchNedbBulkIndexes } from './nedb-bulk-index.js';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, privateDir, tighten } from './private-files.js';
import type {
  BlobStore,
  Collection,
  Doc,
  Filter,
  FindOptions,
  IndexSpec,
  Store,
  Update,
  UpdateResult,
} from './types.js';
import { equalityFields } from './upsert.js';
import { WriteVersions } from './write-versions.js';

// The package's typings declare an ES default export, but at runtime the class is module.exports.
type Datastore<T = Record<string, unknown>> = InstanceType<typeof nedb.default.default<T>>;
const require = createRequire(import.meta.url);
const Datastore: typeof nedb.default.default = require('@seald-io/nedb');
/** NeDB's own update engine: applies a MongoDB-style update to a plain document. */
const { modify } = require('@seald-io/nedb/lib/model.js') as { modify: <T>(doc: T, update: Update) => T };

// Bulk updates and deletes in linear time (NeDB's own are quadratic on shared index keys).
if (!patchNedbBulkIndexes()) {
  console.warn('[store] NeDB is not the version its bulk-index patch was written for: bulk writes stay quadratic');
}

const COLLECTION_NAME = /^[a-z][a-zA-Z0-9_-]{0,63}$/;
/** A collection's file, or NeDB's temporary copy of it while compacting (`<name>.db~`). */
const COLLECTION_FILE = /^[a-z][a-zA-Z0-9_-]{0,63}\.db~?$/;
const HOUR = 60 * 60 * 1000;

function mapError(error: unknown): never {
  if ((error as { errorType?: string } | null)?.errorType === 'uniqueViolated') {
    throw new ConflictError(undefined, error);
  }
  throw error;
}

/** Whether applying the update leaves the document as it is (an invalid update is left to NeDB to refuse). */
function changesNothing(doc: Doc, update: Update): boolean {
  try {
    return JSON.stringify(modify(doc, update)) === JSON.stringify(doc);
  } catch {
    return false;
  }
}

class EmbeddedCollection<T extends Doc> implements Collection<T> {
  /**
   * Writes to one collection run one at a time. `updateOne` reads the document, then updates it, and
   * tells from the two whether it changed: another write in between would make that answer wrong
   * (two concurrent `$addToSet`s of one value would both report a change). NeDB runs its operations
   * one at a time anyway, so this costs little.
   */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly open: () => Promise<Datastore<T>>,
    /** Resolves once the collection's writes so far are on disk. */
    private readonly synced: () => Promise<void>,
    private readonly name: string,
    private readonly versions: WriteVersions,
  ) {}

  /**
   * Runs a write in the collection's turn, then waits for the disk outside it: the next write goes
   * ahead meanwhile, and writes that wait together share one fdatasync.
   */
  private write<R>(operation: () => Promise<R>): Promise<R> {
    return this.versions.track(this.name, async () => {
      const result = this.tail.then(operation, operation);
      this.tail = result.catch(() => {});
      const value = await result;
      await this.synced();
      return value;
    });
  }

  insertOne(doc: T): Promise<T> {
    return this.write(async () => {
      const ds = await this.open();
      return (await ds.insertAsync(doc).catch(mapError)) as T;
    });
  }

  async insertMany(docs: T[]): Promise<T[]> {
    if (docs.length === 0) return [];
    return this.write(async () => {
      const ds = await this.open();
      return (await ds.insertAsync(docs).catch(mapError)) as unknown as T[];
    });
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'projection'> = {}): Promise<T | null> {
    const ds = await this.open();
    return ((await ds.findOneAsync(filter, options.projection ?? {})) as T | null) ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const ds = await this.open();
    let cursor = ds.findAsync(filter, options.projection ?? {});
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (await cursor) as unknown as T[];
  }

  async countDocuments(filter: Filter): Promise<number> {
    const ds = await this.open();
    return await ds.countAsync(filter);
  }

  updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    return this.write(() => this.updateOneNow(filter, update, options));
  }

  private async updateOneNow(
    filter: Filter,
    update: Update,
    options: { upsert?: boolean } = {},
  ): Promise<UpdateResult> {
    const ds = await this.open();
    const before = await ds.findOneAsync(filter, {});
    if (!before) {
      if (!options.upsert) return { matched: 0, modified: 0 };
      const created = await this.upsertNew(filter, update);
      return created ? { matched: 0, modified: 0, upsertedId: created._id } : this.updateOneNow(filter, update);
    }
    // An update that changes nothing (a `$addToSet` of a value already there) writes nothing either.
    if (changesNothing(before, update)) return { matched: 1, modified: 0 };
    const { affectedDocuments } = await ds
      // By `_id` first, so NeDB finds the document by its index rather than scanning the collection.
      .updateAsync({ _id: before._id, $and: [filter] }, update, { returnUpdatedDocs: true })
      .catch(mapError);
    // Changed by another writer between the read and the update: evaluate the filter again.
    if (!affectedDocuments) return this.updateOneNow(filter, update, options);
    const changed = JSON.stringify(affectedDocuments) !== JSON.stringify(before);
    return { matched: 1, modified: changed ? 1 : 0 };
  }

  updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return this.write(() => this.updateManyNow(filter, update));
  }

  private async updateManyNow(filter: Filter, update: Update): Promise<UpdateResult> {
    const ds = await this.open();
    const { numAffected } = await ds.updateAsync(filter, update, { multi: true }).catch(mapError);
    return { matched: numAffected, modified: numAffected };
  }

  findOneAndUpdate(
    filter: Filter,
    update: Update,
    options: { upsert?: boolean; returnDocument?: 'before' | 'after' } = {},
  ): Promise<T | null> {
    return this.write(() =>
      options.returnDocument === 'before'
        ? this.findOneAndUpdateBefore(filter, update, options)
        : this.findOneAndUpdateNow(filter, update, options),
    );
  }

  /**
   * The document as it was before the update (writes to the collection are in one queue in this
   * process, and the embedded files belong to one process: nothing lands between the read and the
   * update); null when nothing matched or the upsert created it.
   */
  private async findOneAndUpdateBefore(
    filter: Filter,
    update: Update,
    options: { upsert?: boolean },
  ): Promise<T | null> {
    const ds = await this.open();
    const before = (await ds.findOneAsync(filter, {})) as T | null;
    if (!before) {
      if (!options.upsert) return null;
      return (await this.upsertNew(filter, update)) ? null : this.findOneAndUpdateBefore(filter, update, {});
    }
    const { affectedDocuments } = await ds
      .updateAsync({ _id: before._id, $and: [filter] }, update, { returnUpdatedDocs: true, multi: false })
      .catch(mapError);
    return affectedDocuments ? before : this.findOneAndUpdateBefore(filter, update, options);
  }

  private async findOneAndUpdateNow(
    filter: Filter,
    update: Update,
    options: { upsert?: boolean } = {},
  ): Promise<T | null> {
    const ds = await this.open();
    const { affectedDocuments } = await ds
      .updateAsync(filter, update, { returnUpdatedDocs: true, multi: false })
      .catch(mapError);
    if (affectedDocuments) return affectedDocuments as T;
    if (!options.upsert) return null;
    return (await this.upsertNew(filter, update)) ?? this.findOneAndUpdateNow(filter, update);
  }

  deleteOne(filter: Filter): Promise<number> {
    return this.write(() => this.deleteOneNow(filter));
  }

  private async deleteOneNow(filter: Filter): Promise<number> {
    const ds = await this.open();
    return await ds.removeAsync(filter, { multi: false });
  }

  deleteMany(filter: Filter): Promise<number> {
    return this.write(() => this.deleteManyNow(filter));
  }

  private async deleteManyNow(filter: Filter): Promise<number> {
    const ds = await this.open();
    return await ds.removeAsync(filter, { multi: true });
  }

  /**
   * NeDB's own upsert would mint an id of its own format, so a missing document is built here, the
   * filter's equality fields plus a server id with the update applied, and inserted whole: readers
   * never see it half made. Returns null when a concurrent writer created it first (a unique index
   * on the filter fields makes that race safe).
   */
  private async upsertNew(filter: Filter, update: Update): Promise<T | null> {
    const ds = await this.open();
    const doc = modify({ _id: newId(), ...equalityFields(filter) } as T, update);
    try {
      return (await ds.insertAsync(doc)) as T;
    } catch (error) {
      if ((error as { errorType?: string }).errorType === 'uniqueViolated') return null;
      throw error;
    }
  }
}

const BLOB_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** A blob, or a blob being written (`<id>.<pid>.tmp`). */
const BLOB_FILE = /^[A-Za-z0-9_-]{1,64}(\.\d+\.tmp)?$/;

/**
 * One file per blob under `<dir>/media` (0600, in a 0700 folder), written to a temporary name
 * first so readers never see half a file.
 */
function fileBlobs(dir: string): BlobStore {
  const file = (id: string) => {
    if (!BLOB_ID.test(id)) throw new Error(`Invalid blob id: ${id}`);
    return path.join(dir, id);
  };
  return {
    async put(id, data) {
      await privateDir(dir);
      const temp = `${file(id)}.${process.pid}.tmp`;
      await writeFile(temp, data, { mode: PRIVATE_FILE_MODE });
      // A temporary file left behind by a crash keeps its old mode when written over.
      await chmod(temp, PRIVATE_FILE_MODE);
      await rename(temp, file(id));
    },
    async get(id) {
      if (!BLOB_ID.test(id)) return null;
      return readFile(file(id)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
    },
    async delete(id) {
      await rm(file(id), { force: true });
    },
  };
}

/** The entries of a folder whose names match `pattern`; none when the folder does not exist. */
async function entries(dir: string, pattern: RegExp): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names.filter((name) => pattern.test(name)).map((name) => path.join(dir, name));
}

/**
 * DATA_DIR, its collection files, the media folder and its images, as private as they are created
 * now: files an earlier version (or a copy, or a restore) left with looser modes are tightened.
 * Only the store's own files are touched, never anything else an operator keeps in the folder.
 */
async function tightenExisting(dir: string): Promise<void> {
  const media = path.join(dir, 'media');
  await tighten(media, PRIVATE_DIR_MODE);
  const files = [...(await entries(dir, COLLECTION_FILE)), ...(await entries(media, BLOB_FILE))];
  for (const file of files) await tighten(file, PRIVATE_FILE_MODE);
}

export interface EmbeddedStoreOptions {
  /** Where warnings (a dropped torn last line) and refused writes are logged; stderr by default. */
  logger?: StoreLogger;
  /** How collection files are opened for appending (tests inject a full disk). */
  appendFs?: AppendFs;
}

/**
 * NeDB files under `dir`, one `<collection>.db` each; blobs under `dir/media`. Every existing file is
 * loaded at open, so a damaged one stops the start with its name (an interrupted last write is
 * dropped with a warning instead: `durable-nedb.ts`); others are created on first use. Writes are
 * acknowledged once they are on disk (fdatasync); a write the disk refuses (full) is undone and is a
 * `StoreUnavailableError`.
 */
export async function openEmbeddedStore(dir: string, options: EmbeddedStoreOptions = {}): Promise<Store> {
  const logger = options.logger ?? consoleStoreLogger;
  await privateDir(dir);
  await tightenExisting(dir);
  type Opened = { ds: Datastore; durability: Durability; compaction: NodeJS.Timeout };
  const stores = new Map<string, Promise<Opened>>();
  const versions = new WriteVersions();
  // Once closed, a late call (a poller not yet stopped) must not load a file again: it would write
  // beside the next process to open this directory.
  let closed = false;

  async function load(name: string): Promise<Opened> {
    const filename = path.join(dir, `${name}.db`);
    // NeDB creates, appends to and (compacting) rewrites the file with these modes.
    const ds = new Datastore({ filename, modes: { fileMode: PRIVATE_FILE_MODE, dirMode: PRIVATE_DIR_MODE } });
    const durability = makeDurable(ds, {
      file: filename,
      fileMode: PRIVATE_FILE_MODE,
      fs: options.appendFs,
      logger,
    });
    // Compaction writes `<name>.db~` and renames it over the file: should a stale `~` with a looser
    // mode have been reused, the new file is tightened once it is in place.
    ds.on('compaction.done', () => {
      tighten(filename, PRIVATE_FILE_MODE).catch(() => {});
    });
    await ds.loadDatabaseAsync();
    // NeDB's own autocompaction leaves a failure (a full disk) as an unhandled rejection, which ends the process.
    const compaction = setInterval(() => {
      ds.compactDatafileAsync().catch((error: unknown) => {
        logger.error({ file: filename, err: error }, `Compacting ${filename} failed; it is retried in an hour`);
      });
    }, HOUR).unref();
    return { ds, durability, compaction };
  }

  function opened(name: string): Promise<Opened> {
    if (!COLLECTION_NAME.test(name)) throw new Error(`Invalid collection name: ${name}`);
    if (closed) return Promise.reject(new StoreUnavailableError(`The store in ${dir} is closed`));
    const existing = stores.get(name);
    if (existing) return existing;
    const loading: Promise<Opened> = load(name).catch((error: unknown) => {
      // Not kept: a load that failed (a full disk while compacting it) is tried again on next use.
      if (stores.get(name) === loading) stores.delete(name);
      throw error;
    });
    stores.set(name, loading);
    return loading;
  }

  async function datastore(name: string): Promise<Datastore> {
    const loading = opened(name);
    const entry = await loading;
    if (!entry.durability.failed) return entry.ds;
    // A refused write that could not be undone in memory closed it: open it again from its file.
    if (stores.get(name) === loading) {
      clearInterval(entry.compaction);
      stores.delete(name);
    }
    return (await opened(name)).ds;
  }

  // Every collection file already here, now: a damaged one refuses the start, not a request later.
  // (Symbolic links are not the store's own files: like `tightenExisting`, this leaves them alone.)
  for (const file of await entries(dir, /^[a-z][a-zA-Z0-9_-]{0,63}\.db$/)) {
    if ((await lstat(file)).isFile()) await datastore(path.basename(file, '.db'));
  }

  return {
    kind: 'embedded',
    blobs: fileBlobs(path.join(dir, 'media')),
    collection<T extends Doc>(name: string) {
      return new EmbeddedCollection<T>(
        () => datastore(name) as unknown as Promise<Datastore<T>>,
        async () => (await opened(name)).durability.synced(),
        name,
        versions,
      );
    },
    writeVersion: (name: string) => versions.of(name),
    async ensureIndexes(specs: readonly IndexSpec[]) {
      for (const spec of specs) {
        const ds = await datastore(spec.collection);
        const fieldName = spec.fields.length === 1 ? (spec.fields[0] as string) : spec.fields;
        await ds.ensureIndexAsync({ fieldName, unique: spec.unique ?? false, sparse: spec.sparse ?? false });
      }
    },
    async ping() {
      return access(dir, constants.W_OK).then(
        () => true,
        () => false,
      );
    },
    async close() {
      closed = true;
      let failure: unknown;
      for (const loading of stores.values()) {
        try {
          const { ds, durability, compaction } = await loading;
          clearInterval(compaction);
          if (!durability.failed) await ds.compactDatafileAsync();
        } catch (error) {
          failure ??= error;
        }
      }
      stores.clear();
      if (failure) throw failure;
    },
  };
}
