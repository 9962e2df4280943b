import { appendFile, mkdtemp, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { type AppendFs, type AppendHandle, CorruptDataFileError, type StoreLogger } from '../src/store/durable-nedb.js';
import { openEmbeddedStore } from '../src/store/embedded.js';
import { newId, type Store, StoreUnavailableError } from '../src/store/index.js';
import { startTestApi } from './support/http.js';
import { bearer, postJson, verifiedAccount } from './support/identity.js';

/**
 * The embedded store after a crash, a power loss or a full disk: appends are synced before they
 * are acknowledged, an interrupted last line is dropped (with a warning), damage anywhere else
 * refuses to open naming the file, and a write the disk refuses is a 503 that leaves nothing behind.
 */

type Item = { _id: string; name: string; n: number };

/** Reading a collection file back can be made to fail (the store's own reads; NeDB's load reads through CommonJS fs). */
const reads = vi.hoisted(() => ({ fail: false }));
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  const createReadStream: typeof actual.createReadStream = (...args) => {
    if (reads.fail) throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
    return actual.createReadStream(...args);
  };
  return { ...actual, default: { ...actual, createReadStream }, createReadStream };
});

const dirs: string[] = [];
const stores: Store[] = [];
async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'courseport-durability-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  reads.fail = false;
  for (const store of stores.splice(0)) await store.close().catch(() => {});
  vi.restoreAllMocks();
});
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

function recordingLogger() {
  const warnings: string[] = [];
  const errors: string[] = [];
  const logger: StoreLogger = {
    warn: (_details, message) => void warnings.push(message),
    error: (_details, message) => void errors.push(message),
  };
  return { logger, warnings, errors };
}

async function open_(dir: string, options: Parameters<typeof openEmbeddedStore>[1] = {}) {
  const store = await openEmbeddedStore(dir, options);
  stores.push(store);
  return store;
}

const item = (name: string, n: number): Item => ({ _id: newId(), name, n });

/** A store with `count` items written and closed again (compacted): returns the dir and the items. */
async function filled(count: number) {
  const dir = await tempDir();
  const store = await openEmbeddedStore(dir);
  const docs = Array.from({ length: count }, (_, i) => item(`item ${i}`, i));
  for (const doc of docs) await store.collection<Item>('items').insertOne(doc);
  await store.close();
  return { dir, docs, file: path.join(dir, 'items.db') };
}

/**
 * Real files, with a switch that makes the disk full: a write then stores only part of its bytes
 * (as a real full disk does) and fails with ENOSPC. `truncateFails` makes cutting them off fail too.
 */
function switchableDisk() {
  const disk = { full: false, truncateFails: false, datasyncs: 0, writes: 0 };
  const fs: AppendFs = {
    async open(file, flags, mode) {
      const handle = await open(file, flags, mode);
      const wrapped: AppendHandle = {
        stat: () => handle.stat(),
        async write(buffer, offset, length) {
          disk.writes += 1;
          if (!disk.full) return handle.write(buffer, offset, length);
          const half = Math.floor(length / 2);
          if (half > 0) await handle.write(buffer, offset, half);
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
        },
        async datasync() {
          disk.datasyncs += 1;
          return handle.datasync();
        },
        async truncate(length) {
          if (disk.truncateFails) throw Object.assign(new Error('EIO: i/o error, ftruncate'), { code: 'EIO' });
          return handle.truncate(length);
        },
        close: () => handle.close(),
      };
      return wrapped;
    },
  };
  return { disk, fs };
}

describe('embedded store: an interrupted last write', () => {
  it('drops a torn last line (no newline) with a warning and keeps every complete record', async () => {
    const { dir, docs, file } = await filled(30);
    const torn = JSON.stringify(item('torn', 99)).slice(0, 25);
    await appendFile(file, torn);
    const { logger, warnings } = recordingLogger();

    const store = await open_(dir, { logger });
    const items = store.collection<Item>('items');
    expect(await items.find({}, { sort: { n: 1 } })).toEqual(docs);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`Dropped the incomplete last line (line 31, 25 characters) of ${file}`);
    // The file was rewritten without it, so writes after it are whole lines.
    expect(await readFile(file, 'utf8')).not.toContain(torn);
    const later = item('later', 100);
    await items.insertOne(later);
    await store.close();

    const again = await open_(dir, { logger });
    expect(await again.collection<Item>('items').countDocuments({})).toBe(31);
    expect(await again.collection<Item>('items').findOne({ _id: later._id })).toEqual(later);
    expect(warnings).toHaveLength(1);
  });

  it('drops an unreadable last line, and NUL bytes a power loss left at the end', async () => {
    const { dir, docs, file } = await filled(5);
    await appendFile(file, '{"_id":"x","name":\n');
    const { logger, warnings } = recordingLogger();
    expect(await (await open_(dir, { logger })).collection<Item>('items').find({}, { sort: { n: 1 } })).toEqual(docs);
    expect(warnings[0]).toContain('Dropped the unreadable last line (line 6');

    const second = await filled(5);
    await appendFile(second.file, Buffer.alloc(4096));
    const other = recordingLogger();
    const store = await open_(second.dir, { logger: other.logger });
    expect(await store.collection<Item>('items').countDocuments({})).toBe(5);
    expect(other.warnings[0]).toContain('Dropped the incomplete last line (line 6, 4096 characters)');
  });

  it('refuses a file damaged anywhere but its last line, naming it, and leaves it as it was', async () => {
    const { dir, file } = await filled(10);
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines[3] = lines[3]?.slice(0, 20) ?? '';
    await writeFile(file, lines.join('\n'));
    const before = await readFile(file);

    const error = await openEmbeddedStore(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CorruptDataFileError);
    expect((error as Error).message).toContain(`The data file ${file} is damaged: line 4 of`);
    expect((error as Error).message).toContain('Refusing to open it rather than lose saved records');
    expect(await readFile(file)).toEqual(before);
  });

  it('refuses two damaged lines at the end (an unreadable line before a torn one)', async () => {
    const { dir, file } = await filled(4);
    await appendFile(file, 'not json\n{"_id":"half');
    await expect(openEmbeddedStore(dir)).rejects.toThrow(`The data file ${file} is damaged: line 5 of 6`);
  });

  it('keeps a document whose text holds U+2028, U+2029 or U+0085 (NeDB split lines on them)', async () => {
    const dir = await tempDir();
    const store = await openEmbeddedStore(dir);
    const odd = item('line\u2028separator \u2029 and \u0085 next-line', 1);
    const plain = Array.from({ length: 20 }, (_, i) => item(`plain ${i}`, i + 2));
    await store.collection<Item>('items').insertMany([odd, ...plain]);
    await store.close();
    const again = await open_(dir);
    expect(await again.collection<Item>('items').findOne({ _id: odd._id })).toEqual(odd);
    expect(await again.collection<Item>('items').countDocuments({})).toBe(21);
  });
});

describe('embedded store: closed', () => {
  it('refuses a late call after close instead of loading the file again beside the next process', async () => {
    const dir = await tempDir();
    const store = await openEmbeddedStore(dir);
    await store.collection<Item>('items').insertOne(item('kept', 1));
    await store.close();
    const next = await open_(dir);
    const late = await store
      .collection<Item>('items')
      .find({})
      .catch((e: unknown) => e);
    expect(late).toBeInstanceOf(StoreUnavailableError);
    expect(String((late as Error).message)).toContain('is closed');
    await next.collection<Item>('items').insertOne(item('after', 2));
    expect(await next.collection<Item>('items').countDocuments({})).toBe(2);
  });
});

describe('embedded store: durable appends', () => {
  it('syncs every write to disk (fdatasync) before acknowledging it', async () => {
    const steps: string[] = [];
    const datasync = vi.fn();
    const watched: AppendFs = {
      async open(file, flags, mode) {
        const handle = await open(file, flags, mode);
        return {
          stat: () => handle.stat(),
          truncate: (length) => handle.truncate(length),
          close: () => handle.close(),
          write: (buffer, offset, length) => {
            steps.push('write');
            return handle.write(buffer, offset, length);
          },
          datasync: () => {
            datasync();
            steps.push('sync');
            return handle.datasync();
          },
        };
      },
    };
    const store = await open_(await tempDir(), { appendFs: watched });
    const items = store.collection<Item>('items');
    const doc = item('a', 1);
    const acknowledged = async (write: Promise<unknown>) => {
      await write;
      steps.push('ack');
    };
    await acknowledged(items.insertOne(doc));
    await acknowledged(items.insertMany([item('b', 2), item('c', 3)]));
    await acknowledged(items.updateOne({ _id: doc._id }, { $set: { n: 5 } }));
    await acknowledged(items.findOneAndUpdate({ _id: doc._id }, { $inc: { n: 1 } }));
    await acknowledged(items.updateMany({}, { $inc: { n: 1 } }));
    await acknowledged(items.deleteOne({ _id: doc._id }));
    await items.find({});
    await items.countDocuments({});
    expect(datasync).toHaveBeenCalledTimes(6);
    expect(steps).toEqual(Array(6).fill(['write', 'sync', 'ack']).flat());
  });
});

describe('embedded store: a full disk', () => {
  it('refuses the write with a StoreUnavailableError, keeps nothing of it, and works once space is back', async () => {
    const dir = await tempDir();
    const { disk, fs } = switchableDisk();
    const { logger, errors } = recordingLogger();
    const store = await open_(dir, { appendFs: fs, logger });
    const items = store.collection<Item>('items');
    const kept = item('kept', 1);
    await items.insertOne(kept);
    const file = path.join(dir, 'items.db');
    const size = (await stat(file)).size;

    disk.full = true;
    const lost = item('refused', 2);
    const refused = await items.insertOne(lost).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StoreUnavailableError);
    expect((refused as Error).message).toContain(`The disk is full: nothing could be saved to ${file}`);
    // A reader queued behind the refused write never sees it; neither does anyone later.
    const [, seen] = await Promise.all([
      items.updateOne({ _id: kept._id }, { $set: { n: 9, name: 'changed' } }).catch((e: unknown) => e),
      items.find({}),
    ]);
    expect(seen).toEqual([kept]);
    await expect(items.deleteOne({ _id: kept._id })).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(items.insertMany([item('m1', 3), item('m2', 4)])).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(await items.find({})).toEqual([kept]);
    expect(await items.findOne({ _id: lost._id })).toBeNull();
    // The half-written bytes were cut off again: no torn line for the next append to be glued to.
    expect((await stat(file)).size).toBe(size);
    expect(errors.some((m) => m.includes('The disk is full'))).toBe(true);

    disk.full = false;
    const after = item('after', 5);
    await items.insertOne(after);
    await items.updateOne({ _id: kept._id }, { $set: { n: 7 } });
    expect(await items.find({}, { sort: { n: 1 } })).toEqual([after, { ...kept, n: 7 }].sort((a, b) => a.n - b.n));
    await store.close();
    stores.splice(stores.indexOf(store), 1);

    const { logger: quiet, warnings } = recordingLogger();
    const again = await open_(dir, { logger: quiet });
    expect(await again.collection<Item>('items').find({}, { sort: { n: 1 } })).toEqual([after, { ...kept, n: 7 }]);
    expect(warnings).toEqual([]);
  });

  it('cuts the half-written bytes off before the next write when it could not at once', async () => {
    const dir = await tempDir();
    const { disk, fs } = switchableDisk();
    const { logger, warnings } = recordingLogger();
    const store = await open_(dir, { appendFs: fs, logger });
    const items = store.collection<Item>('items');
    const kept = item('kept', 1);
    await items.insertOne(kept);
    const file = path.join(dir, 'items.db');
    const size = (await stat(file)).size;

    disk.full = true;
    disk.truncateFails = true;
    await expect(items.insertOne(item('refused', 2))).rejects.toBeInstanceOf(StoreUnavailableError);
    expect((await stat(file)).size).toBeGreaterThan(size);
    expect(await items.find({})).toEqual([kept]);

    disk.full = false;
    disk.truncateFails = false;
    const after = item('after', 3);
    await items.insertOne(after);
    const lines = (await readFile(file, 'utf8')).split('\n').filter(Boolean);
    expect(lines.every((line) => JSON.parse(line))).toBe(true);
    await store.close();
    stores.splice(stores.indexOf(store), 1);
    const again = await open_(dir, { logger });
    expect(await again.collection<Item>('items').find({}, { sort: { n: 1 } })).toEqual([kept, after]);
    expect(warnings).toEqual([]);
  });

  it('closes a collection whose memory cannot be undone, and opens it again from its file', async () => {
    const dir = await tempDir();
    const { disk, fs } = switchableDisk();
    const { logger, errors } = recordingLogger();
    const store = await open_(dir, { appendFs: fs, logger });
    const items = store.collection<Item>('items');
    const kept = item('kept', 1);
    await items.insertOne(kept);

    disk.full = true;
    reads.fail = true;
    const lost = item('refused', 2);
    const [refused, queued] = await Promise.allSettled([items.insertOne(lost), items.find({})]);
    reads.fail = false;
    disk.full = false;
    expect(refused).toMatchObject({ status: 'rejected', reason: expect.any(StoreUnavailableError) });
    // A read queued behind it on the closed collection is refused, never answered with the refused change.
    expect(queued).toMatchObject({ status: 'rejected', reason: expect.any(StoreUnavailableError) });
    expect(errors.some((m) => m.includes('could not be read back after a refused write'))).toBe(true);

    expect(await items.find({})).toEqual([kept]);
    const after = item('after', 3);
    await items.insertOne(after);
    expect(await items.find({}, { sort: { n: 1 } })).toEqual([kept, after]);
  });

  it('refuses to open a collection while compacting it fails for space, and opens once there is room', async () => {
    const { dir, docs, file } = await filled(3);
    const storage = createRequire(import.meta.url)('@seald-io/nedb/lib/storage.js') as {
      crashSafeWriteFileLinesAsync: (...args: unknown[]) => Promise<void>;
    };
    const full = vi.spyOn(storage, 'crashSafeWriteFileLinesAsync').mockImplementation(async () => {
      await writeFile(`${file}~`, 'half a copy');
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    });
    const refused = await openEmbeddedStore(dir).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StoreUnavailableError);
    expect((refused as Error).message).toContain('The disk is full');
    // The half-written copy is removed (it held space), the file itself is untouched.
    await expect(stat(`${file}~`)).rejects.toMatchObject({ code: 'ENOENT' });

    full.mockRestore();
    const store = await open_(dir);
    expect(await store.collection<Item>('items').find({}, { sort: { n: 1 } })).toEqual(docs);
  });

  it('answers an API write on a full disk with 503 and keeps nothing, then serves it once space is back', async () => {
    const { disk, fs } = switchableDisk();
    const dir = await tempDir();
    const api = await startTestApi({
      store: await openEmbeddedStore(dir, { appendFs: fs, logger: recordingLogger().logger }),
    });
    try {
      const account = await verifiedAccount(api, `full-disk-${newId().slice(0, 6)}@example.com`);
      disk.full = true;
      const answer = await postJson(api, '/api/user/create', { name: 'Full Disk' }, bearer(account.token));
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        success: false,
        message: 'Service temporarily unavailable: the database is not reachable. Please try again shortly.',
      });
      expect(await api.deps.store.collection('users').findOne({ _id: account.userId })).toBeNull();

      disk.full = false;
      const retried = await postJson(api, '/api/user/create', { name: 'Full Disk' }, bearer(account.token));
      expect(retried.status).toBe(201);
      expect(await api.deps.store.collection('users').findOne({ _id: account.userId })).toMatchObject({
        name: 'Full Disk',
      });
    } finally {
      await api.close();
    }
  });
});
