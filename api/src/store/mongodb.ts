import {
  type Db,
  type Document,
  GridFSBucket,
  MongoClient,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';
import { ConflictError, StoreUnavailableError } from './errors.js';
import { newId } from './ids.js';
import { SharedWriteVersions } from './shared-write-versions.js';
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
import type { WriteVersions } from './write-versions.js';

const DUPLICATE_KEY = 11000;
const INTERNAL_ERROR = 1;
/** PostgreSQL's unique_violation. */
const PG_UNIQUE_VIOLATION = 'SQLSTATE 23505';

function isDuplicateKey(error: unknown): boolean {
  if (!(error instanceof MongoServerError)) return false;
  // FerretDB on PostgreSQL reports a unique violation during an update as an InternalError (code 1)
  // that carries PostgreSQL's error code; an InternalError without it stays what it is.
  return error.code === DUPLICATE_KEY || (error.code === INTERNAL_ERROR && error.message.includes(PG_UNIQUE_VIOLATION));
}

function isUnavailable(error: unknown): boolean {
  return (
    error instanceof MongoNetworkError ||
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoTopologyClosedError
  );
}

/** Runs a driver call and translates its failures into the store's typed errors. */
async function guard<R>(operation: () => Promise<R>): Promise<R> {
  try {
    return await operation();
  } catch (error) {
    if (isDuplicateKey(error)) throw new ConflictError(undefined, error);
    if (isUnavailable(error)) throw new StoreUnavailableError(undefined, error);
    throw error;
  }
}

/** Two upserts racing to create the same document: the loser updates the winner's instead. */
async function upsertOnce<R>(upsert: () => Promise<R>, update: () => Promise<R>): Promise<R> {
  try {
    return await upsert();
  } catch (error) {
    if (isDuplicateKey(error)) return update();
    throw error;
  }
}

/** Upserts create string ids too, never ObjectIds (a filter that names its `_id` gives it already). */
function withInsertId(update: Update, filter: Filter): Document {
  return typeof filter._id === 'string' ? { ...update } : { ...update, $setOnInsert: { _id: newId() } };
}

class MongoCollection<T extends Doc> implements Collection<T> {
  private readonly raw;

  constructor(
    db: Db,
    private readonly name: string,
    private readonly versions: WriteVersions,
  ) {
    this.raw = db.collection<Document>(name);
  }

  private write<R>(operation: () => Promise<R>): Promise<R> {
    return this.versions.track(this.name, operation);
  }

  async insertOne(doc: T): Promise<T> {
    await this.write(() => guard(() => this.raw.insertOne({ ...doc } as Document)));
    return doc;
  }

  async insertMany(docs: T[]): Promise<T[]> {
    if (docs.length === 0) return [];
    await this.versions.track(this.name, () =>
      guard(() =>
        this.raw.insertMany(
          docs.map((d) => ({ ...d }) as Document),
          { ordered: true },
        ),
      ),
    );
    return docs;
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'projection'> = {}): Promise<T | null> {
    return (await guard(() => this.raw.findOne(filter, { projection: options.projection }))) as T | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    return (await guard(() =>
      this.raw
        .find(filter, {
          projection: options.projection,
          sort: options.sort,
          skip: options.skip,
          limit: options.limit,
        })
        .toArray(),
    )) as unknown as T[];
  }

  async countDocuments(filter: Filter): Promise<number> {
    return guard(() => this.raw.countDocuments(filter));
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    const result = await this.write(() =>
      guard(() =>
        options.upsert
          ? upsertOnce(
              () => this.raw.updateOne(filter, withInsertId(update, filter), { upsert: true }),
              () => this.raw.updateOne(filter, update as Document),
            )
          : this.raw.updateOne(filter, update as Document),
      ),
    );
    return {
      matched: result.matchedCount,
      modified: result.modifiedCount,
      ...(result.upsertedId != null ? { upsertedId: String(result.upsertedId) } : {}),
    };
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    const result = await this.write(() => guard(() => this.raw.updateMany(filter, update as Document)));
    return { matched: result.matchedCount, modified: result.modifiedCount };
  }

  async findOneAndUpdate(
    filter: Filter,
    update: Update,
    options: { upsert?: boolean; returnDocument?: 'before' | 'after' } = {},
  ): Promise<T | null> {
    const returnDocument = options.returnDocument ?? 'after';
    const plain = () => this.raw.findOneAndUpdate(filter, update as Document, { returnDocument });
    return (await this.write(() =>
      guard(() =>
        options.upsert
          ? upsertOnce(
              () =>
                this.raw.findOneAndUpdate(filter, withInsertId(update, filter), {
                  returnDocument,
                  upsert: true,
                }),
              plain,
            )
          : plain(),
      ),
    )) as T | null;
  }

  async deleteOne(filter: Filter): Promise<number> {
    return (await this.write(() => guard(() => this.raw.deleteOne(filter)))).deletedCount;
  }

  async deleteMany(filter: Filter): Promise<number> {
    return (await this.write(() => guard(() => this.raw.deleteMany(filter)))).deletedCount;
  }
}

/** GridFS bucket `media`, the blob's id as the GridFS file id. */
function gridFsBlobs(db: Db): BlobStore {
  const bucket = new GridFSBucket(db, { bucketName: 'media' });
  return {
    put: (id, data, contentType) =>
      guard(
        () =>
          new Promise<void>((resolve, reject) => {
            const upload = bucket.openUploadStreamWithId(id as never, id, { metadata: { contentType } });
            upload.once('error', reject).once('finish', () => resolve());
            upload.end(data);
          }),
      ),
    async get(id) {
      const files = await guard(() =>
        bucket
          .find({ _id: id as never })
          .limit(1)
          .toArray(),
      );
      if (files.length === 0) return null;
      const chunks: Buffer[] = [];
      await guard(
        () =>
          new Promise<void>((resolve, reject) => {
            bucket
              .openDownloadStream(id as never)
              .on('data', (chunk: Buffer) => chunks.push(chunk))
              .once('error', reject)
              .once('end', () => resolve());
          }),
      );
      return Buffer.concat(chunks);
    },
    async delete(id) {
      const files = await guard(() =>
        bucket
          .find({ _id: id as never })
          .limit(1)
          .toArray(),
      );
      if (files.length > 0) await guard(() => bucket.delete(id as never));
    },
  };
}

export interface MongoStoreOptions {
  /** Used when the URI names no database. */
  defaultDbName?: string;
  serverSelectionTimeoutMS?: number;
  /** Failures of background work (reading other processes' write versions), for the log. */
  onBackgroundError?: (error: unknown) => void;
  /** Called as each command goes to the server (the driver's command monitoring), e.g. to count round trips. */
  onCommand?: (command: { commandName: string; collection: unknown }) => void;
}

/** The official MongoDB driver: Atlas, replica sets, sharded clusters, or any MongoDB-wire server. */
export async function openMongoStore(uri: string, options: MongoStoreOptions = {}): Promise<Store> {
  const client = new MongoClient(uri, {
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 5000,
    ignoreUndefined: true,
    monitorCommands: options.onCommand !== undefined,
  });
  const { onCommand } = options;
  if (onCommand) {
    client.on('commandStarted', (event) =>
      onCommand({ commandName: event.commandName, collection: event.command[event.commandName] }),
    );
  }
  await guard(() => client.connect());
  const named = new URL(uri.replace(/^mongodb(\+srv)?:/, 'http:')).pathname.replace(/^\//, '');
  const db = client.db(named || options.defaultDbName || 'courseport');
  const versions = new SharedWriteVersions(db.collection('_writeVersions'), options.onBackgroundError);
  await guard(() => versions.refresh());
  versions.start();

  return {
    kind: 'mongodb',
    mongoDb: db,
    blobs: gridFsBlobs(db),
    collection<T extends Doc>(name: string) {
      return new MongoCollection<T>(db, name, versions);
    },
    writeVersion: (name: string) => versions.of(name),
    async ensureIndexes(specs: readonly IndexSpec[]) {
      for (const spec of specs) {
        const keys = Object.fromEntries(spec.fields.map((f) => [f, 1 as const]));
        await guard(() =>
          db.collection(spec.collection).createIndex(keys, {
            name: `${spec.fields.join('_')}${spec.unique ? '_unique' : ''}`,
            unique: spec.unique ?? false,
            sparse: spec.sparse ?? false,
          }),
        );
      }
    },
    async ping() {
      try {
        await db.command({ ping: 1 }, { timeoutMS: 2000 });
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      versions.stop();
      await client.close();
    },
  };
}
