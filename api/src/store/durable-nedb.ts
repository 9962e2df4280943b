import { createReadStream } from 'node:fs';
import { access, open, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { StoreUnavailableError } from './errors.js';

/**
 * Crash safety for NeDB's append-only collection files (`<collection>.db`, one JSON document per
 * line). @seald-io/nedb 4 appends with `fs.appendFile` and never fsyncs an append (only its
 * compactions are written crash-safely), has no option to, and its storage module is not
 * pluggable in this version. On load it refuses a whole file for one unreadable line past its
 * `corruptAlertThreshold` (and silently drops such lines below it), and it splits lines on
 * U+2028, U+2029 and U+0085 as well as on `\n`, so a document holding one of those characters
 * in a string was dropped at the next start. A full disk left half a line in the file, kept the
 * refused change in memory (NeDB changes its memory before it writes) and, with the next append
 * glued to the half line, corrupted the middle of the file.
 *
 * `makeDurable` replaces three methods of one datastore's persistence:
 * - appends are written and `fdatasync`ed before the write is acknowledged (`synced`: writes that
 *   wait together share one sync, a group commit); a failed append (a
 *   full disk: ENOSPC) is cut off the file again, the collection's memory is read back from the
 *   file, and the write is refused with a `StoreUnavailableError` (HTTP 503);
 * - loading reads lines split on `\n` only; an incomplete or unreadable *last* line (what a crash
 *   or a full disk in the middle of an append leaves; it was never acknowledged) is dropped with a
 *   warning, and an unreadable line anywhere else refuses the file with an error naming it;
 * - a compaction that fails (a full disk) removes its half-written `<name>.db~` and is a 503.
 * A sync costs about 0.45 ms on this project's disk (docs/reliability.md). These are
 * NeDB internals (`persistence.persistNewStateAsync`, `treatRawStreamAsync`,
 * `persistCachedDatabaseAsync`, `indexes`, `_resetIndexes`, `_getCandidatesAsync`), checked when
 * installed.
 */

const require = createRequire(import.meta.url);
const model = require('@seald-io/nedb/lib/model.js') as {
  serialize(doc: unknown): string;
  deserialize(line: string): unknown;
};
type IndexOptions = { fieldName: string; unique?: boolean; sparse?: boolean };
const Index = require('@seald-io/nedb/lib/indexes.js') as new (options: IndexOptions) => unknown;

/** An open file, as much of `fs.promises.FileHandle` as an append needs. */
export interface AppendHandle {
  stat(): Promise<{ size: number }>;
  write(buffer: Buffer, offset: number, length: number): Promise<{ bytesWritten: number }>;
  datasync(): Promise<void>;
  truncate(length: number): Promise<void>;
  close(): Promise<void>;
}

/** How collection files are opened for appending: injectable, so tests can fill the disk or count fsyncs. */
export interface AppendFs {
  open(file: string, flags: 'a', mode: number): Promise<AppendHandle>;
}

export const nodeAppendFs: AppendFs = { open: (file, flags, mode) => open(file, flags, mode) };

export interface StoreLogger {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/** Until the server passes its own logger: one readable line on stderr. */
export const consoleStoreLogger: StoreLogger = {
  warn: (details, message) => console.warn(`[store] ${message}`, details),
  error: (details, message) => console.error(`[store] ${message}`, details),
};

type Parsed = { data: Record<string, unknown>[]; indexes: Record<string, IndexOptions> };

/** The parts of a NeDB datastore this module works with. */
interface NeDbInternals {
  indexes: Record<string, unknown>;
  _resetIndexes(data?: unknown[]): void;
  /** Every read, update and removal finds its documents through this. */
  _getCandidatesAsync(query: unknown, dontExpireStaleDocs?: boolean): Promise<unknown[]>;
  persistence: {
    persistNewStateAsync(docs: unknown[]): Promise<void>;
    treatRawStreamAsync(stream: NodeJS.ReadableStream): Promise<Parsed>;
    persistCachedDatabaseAsync(): Promise<void>;
  };
}

/** A collection file with an unreadable line that is not its last: opening it could lose saved records. */
export class CorruptDataFileError extends Error {
  override name = 'CorruptDataFileError';
  constructor(
    readonly file: string,
    readonly lines: number[],
    readonly totalLines: number,
  ) {
    const shown = lines.slice(0, 10).join(', ') + (lines.length > 10 ? ` and ${lines.length - 10} more` : '');
    super(
      `The data file ${file} is damaged: line${lines.length > 1 ? 's' : ''} ${shown} of ${totalLines} cannot be read, ` +
        'and an interrupted write only ever damages the last line. Refusing to open it rather than lose saved ' +
        'records: restore the file from a backup, or copy it and repair or remove the damaged lines by hand.',
    );
  }
}

const isErrno = (error: unknown): error is NodeJS.ErrnoException =>
  typeof (error as NodeJS.ErrnoException | null)?.code === 'string';

/** A failed write or compaction as the 503 it is: nothing was kept, and trying again later may work. */
export function storeWriteError(error: unknown, file: string): StoreUnavailableError {
  if (error instanceof StoreUnavailableError) return error;
  const code = isErrno(error) ? error.code : undefined;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new StoreUnavailableError(
      `The disk is full: nothing could be saved to ${file}. The write was refused and nothing of it was kept; ` +
        'writes work again as soon as there is free space.',
      error,
    );
  }
  const reason = code ?? (error instanceof Error ? error.message : String(error));
  return new StoreUnavailableError(
    `Saving to ${file} failed (${reason}): the write was refused and nothing of it was kept.`,
    error,
  );
}

/**
 * Reads a collection file's lines (split on `\n` only) into NeDB's loaded form: the live documents
 * and the indexes the file declares. An incomplete last line (no newline: the append was cut off)
 * or an unreadable last line is dropped with a warning; any other unreadable line is a
 * `CorruptDataFileError`.
 */
export async function readCollectionFile(
  stream: AsyncIterable<string | Buffer>,
  file: string,
  logger: StoreLogger,
): Promise<Parsed> {
  const byId = new Map<string, Record<string, unknown>>();
  const indexes: Record<string, IndexOptions> = {};
  const corrupt: number[] = [];
  // An unreadable line is forgiven only if no readable line follows it.
  let suspect: { line: number; length: number } | null = null;
  let lineNumber = 0;

  const take = (line: string) => {
    lineNumber += 1;
    if (line === '') return;
    let doc: unknown;
    try {
      doc = model.deserialize(line);
    } catch {
      doc = undefined;
    }
    if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
      if (suspect) corrupt.push(suspect.line);
      suspect = { line: lineNumber, length: line.length };
      return;
    }
    if (suspect) corrupt.push(suspect.line);
    suspect = null;
    const record = doc as Record<string, unknown> & {
      $$indexCreated?: IndexOptions;
      $$indexRemoved?: unknown;
    };
    if (record._id) {
      if (record.$$deleted === true) byId.delete(String(record._id));
      else byId.set(String(record._id), record);
    } else if (record.$$indexCreated && record.$$indexCreated.fieldName != null) {
      indexes[String(record.$$indexCreated.fieldName)] = record.$$indexCreated;
    } else if (typeof record.$$indexRemoved === 'string') {
      delete indexes[record.$$indexRemoved];
    }
  };

  let rest = '';
  for await (const chunk of stream) {
    const text = rest + (typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      take(text.slice(start, end));
      start = end + 1;
    }
    rest = text.slice(start);
  }

  const dropped: { line: number; length: number; complete: boolean } | null =
    rest !== ''
      ? { line: lineNumber + 1, length: rest.length, complete: false }
      : suspect
        ? { ...(suspect as { line: number; length: number }), complete: true }
        : null;
  // A cut-off last line after an unreadable one: two damaged lines, more than one interrupted write leaves.
  if (rest !== '' && suspect) corrupt.push((suspect as { line: number }).line);
  if (corrupt.length > 0) throw new CorruptDataFileError(file, corrupt, lineNumber + (rest !== '' ? 1 : 0));
  if (dropped) {
    logger.warn(
      { file, line: dropped.line, characters: dropped.length },
      `Dropped the ${dropped.complete ? 'unreadable' : 'incomplete'} last line (line ${dropped.line}, ` +
        `${dropped.length} characters) of ${file}: a write that a crash or a full disk interrupted, never acknowledged. ` +
        'Every complete record before it was loaded.',
    );
  }
  return { data: [...byId.values()], indexes };
}

/** Reads the first `end` bytes of the file (all of it when `end` is undefined). */
function readPrefix(file: string, end: number | undefined, logger: StoreLogger): Promise<Parsed> {
  if (end === 0) return Promise.resolve({ data: [], indexes: {} });
  const stream = createReadStream(file, end === undefined ? {} : { start: 0, end: end - 1 });
  return readCollectionFile(stream, file, logger);
}

export interface Durability {
  /** Set when a failed write could not be undone in memory: the datastore must be opened again. */
  readonly failed: StoreUnavailableError | null;
  /**
   * Resolves once every append made so far is on disk. Writes that wait on it together share one
   * fdatasync (group commit): a write is acknowledged only after it, but other requests may read it
   * a moment before, as on a MongoDB server that journals in batches.
   */
  synced(): Promise<void>;
}

/**
 * Makes one NeDB datastore's appends durable and its loading tolerant of an interrupted last write
 * (see the top of this file). Call before `loadDatabaseAsync`.
 */
export function makeDurable(
  datastore: unknown,
  options: { file: string; fileMode: number; fs?: AppendFs; logger?: StoreLogger },
): Durability {
  const db = datastore as NeDbInternals;
  const { file, fileMode, fs = nodeAppendFs, logger = consoleStoreLogger } = options;
  const persistence = db.persistence;
  for (const method of ['persistNewStateAsync', 'treatRawStreamAsync', 'persistCachedDatabaseAsync'] as const) {
    if (typeof persistence?.[method] !== 'function') {
      throw new Error(`@seald-io/nedb changed: persistence.${method} is missing; store/durable-nedb.ts needs updating`);
    }
  }
  for (const method of ['_resetIndexes', '_getCandidatesAsync'] as const) {
    if (typeof db[method] !== 'function') {
      throw new Error(`@seald-io/nedb changed: Datastore#${method} is missing; store/durable-nedb.ts needs updating`);
    }
  }
  const state: { failed: StoreUnavailableError | null; truncateTo: number | undefined } = {
    failed: null,
    truncateTo: undefined,
  };
  /**
   * Appends made, and how many of them a finished fdatasync covers. It starts one behind: the first
   * wait syncs whatever the file already holds (a collection opened again after a failed sync).
   */
  const appends = { written: 1, synced: 0 };
  let syncing: Promise<void> | undefined;

  /** One fdatasync for every append made before it started: what waits on it shares it. */
  function syncOnce(): Promise<void> {
    syncing ??= (async () => {
      const upTo = appends.written;
      const handle = await fs.open(file, 'a', fileMode);
      try {
        await handle.datasync();
      } finally {
        await handle.close().catch(() => {});
      }
      appends.synced = Math.max(appends.synced, upTo);
    })().finally(() => {
      syncing = undefined;
    });
    return syncing;
  }

  async function synced(): Promise<void> {
    if (state.failed) throw state.failed;
    const target = appends.written;
    while (appends.synced < target) {
      try {
        await syncOnce();
      } catch (error) {
        // What the failed sync covered may or may not be on disk: the collection is read back from
        // its file before it answers again, and the waiting writes are refused.
        state.failed ??= storeWriteError(error, file);
        logger.error({ file, code: isErrno(error) ? error.code : undefined }, state.failed.message);
        throw state.failed;
      }
    }
  }

  /** Appends `bytes` (synced later, by `synced`); on failure cuts the file back to where it ended (`known.size`). */
  async function append(bytes: Buffer, known: { size?: number }): Promise<void> {
    const handle = await fs.open(file, 'a', fileMode);
    try {
      // A failed append whose cut could not be made then: make it now, before anything follows it.
      if (state.truncateTo !== undefined) {
        known.size = state.truncateTo;
        await handle.truncate(state.truncateTo);
        state.truncateTo = undefined;
      }
      const { size } = await handle.stat();
      known.size = size;
      try {
        for (let offset = 0; offset < bytes.length; ) {
          offset += (await handle.write(bytes, offset, bytes.length - offset)).bytesWritten;
        }
      } catch (error) {
        await handle.truncate(size).then(
          () => handle.datasync().catch(() => {}),
          () => {
            state.truncateTo = size;
          },
        );
        throw error;
      }
    } finally {
      await handle.close().catch(() => {});
    }
  }

  /** After a refused write: the collection's memory becomes what its file holds again. */
  async function reloadMemory(end: number | undefined): Promise<void> {
    const { data, indexes } = await readPrefix(file, end, logger);
    for (const key of Object.keys(db.indexes)) if (key !== '_id' && !(key in indexes)) delete db.indexes[key];
    for (const [key, spec] of Object.entries(indexes)) db.indexes[key] ??= new Index(spec);
    db._resetIndexes(data);
  }

  /**
   * NeDB changed its memory before writing: undo that (this runs inside its queue, so no other
   * operation on this collection sees the refused change), or, failing that, close the collection.
   */
  async function undo(end: number | undefined): Promise<void> {
    await reloadMemory(end).catch((reloadError: unknown) => {
      state.failed = new StoreUnavailableError(
        `${file} could not be read back after a refused write; the collection is closed until it is opened again.`,
        reloadError,
      );
      logger.error({ file, err: reloadError }, state.failed.message);
    });
  }

  persistence.persistNewStateAsync = async (docs: unknown[]) => {
    if (state.failed) throw state.failed;
    let text = '';
    try {
      for (const doc of docs) text += `${model.serialize(doc)}\n`;
    } catch (error) {
      await undo(state.truncateTo);
      throw error;
    }
    if (text === '') return;
    const known: { size?: number } = {};
    try {
      await append(Buffer.from(text, 'utf8'), known);
      appends.written += 1;
    } catch (error) {
      await undo(known.size ?? state.truncateTo);
      const refused = storeWriteError(error, file);
      logger.error({ file, code: isErrno(error) ? error.code : undefined }, refused.message);
      throw refused;
    }
  };

  // A closed collection answers nothing from memory it could not undo; the store opens it again.
  const candidates = db._getCandidatesAsync.bind(db);
  db._getCandidatesAsync = async (query, dontExpireStaleDocs) => {
    if (state.failed) throw state.failed;
    return candidates(query, dontExpireStaleDocs);
  };

  persistence.treatRawStreamAsync = (stream: NodeJS.ReadableStream) =>
    readCollectionFile(stream as AsyncIterable<string>, file, logger);

  const compact = persistence.persistCachedDatabaseAsync.bind(persistence);
  persistence.persistCachedDatabaseAsync = async () => {
    if (state.failed) throw state.failed;
    try {
      const written = appends.written;
      await compact();
      // The file was rewritten from memory (and synced): an earlier pending cut no longer applies.
      state.truncateTo = undefined;
      appends.synced = Math.max(appends.synced, written);
    } catch (error) {
      // The copy is written beside the file and renamed over it: the file is whole, the copy is not.
      const fileExists = await access(file).then(
        () => true,
        () => false,
      );
      if (fileExists) await rm(`${file}~`, { force: true }).catch(() => {});
      throw storeWriteError(error, file);
    }
  };

  return {
    get failed() {
      return state.failed;
    },
    synced,
  };
}
