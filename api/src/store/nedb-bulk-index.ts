import { createRequire } from 'node:module';

/**
 * NeDB removes a document from an index one at a time, and a key that many documents share (every
 * session of one account under `accountId`, every live session under `revokedAt: undefined`) keeps
 * them in one array that each removal filters whole: ending or deleting n such documents in one
 * `updateMany`/`deleteMany` cost O(n²) in the event loop (20,000 sessions: 25 s of nothing else
 * answering, #30). These patches remove a batch per shared key in one pass, so bulk writes are
 * linear; single-document writes and every result stay exactly as before.
 *
 * They replace three NeDB internals (`Index#remove` for arrays, `Index#updateMultipleDocs`,
 * `Datastore#_removeAsync`), like `durable-nedb.ts` does its persistence: a NeDB upgrade must keep
 * `store-durability`, `store.contract` and `session-limits` tests green.
 */
type IndexDoc = Record<string, unknown>;
interface Tree {
  search(key: unknown): IndexDoc[];
  delete(key: unknown, value?: IndexDoc): void;
}
interface NedbIndex {
  _fields: string[];
  sparse: boolean;
  tree: Tree;
  insert(doc: IndexDoc | IndexDoc[]): void;
  remove(doc: IndexDoc | IndexDoc[]): void;
  updateMultipleDocs(pairs: Array<{ oldDoc: IndexDoc; newDoc: IndexDoc }>): void;
}
interface NedbDatastore {
  indexes: Record<string, NedbIndex>;
  persistence: { persistNewStateAsync(docs: unknown[]): Promise<void> };
  _getCandidatesAsync(query: unknown, dontExpireStaleDocs?: boolean): Promise<IndexDoc[]>;
  _removeAsync(query: unknown, options?: { multi?: boolean }): Promise<number>;
}

const require = createRequire(import.meta.url);
const Index = require('@seald-io/nedb/lib/indexes.js') as { prototype: NedbIndex };
const Datastore = require('@seald-io/nedb') as { prototype: NedbDatastore };
const model = require('@seald-io/nedb/lib/model.js') as {
  getDotValues(doc: IndexDoc, fields: string[]): unknown;
  match(doc: IndexDoc, query: unknown): boolean;
};

const PATCHED = Symbol.for('courseport.nedb-bulk-index');
/** The NeDB whose internals these patches were written against (and tested with). */
export const PATCHED_NEDB_VERSION = '4.1.2';
const { version } = require('@seald-io/nedb/package.json') as { version: string };

/**
 * Applies the patches, unless NeDB is another version than the one they were written for: then it
 * is left as it is (correct, only quadratic for such bulk writes) and the caller is told so.
 */
export function patchNedbBulkIndexes(): boolean {
  if (version !== PATCHED_NEDB_VERSION) return false;
  const proto = Index.prototype as NedbIndex & { [PATCHED]?: true };
  if (proto[PATCHED]) return true;
  proto[PATCHED] = true;
  const removeOne = proto.remove;

  proto.remove = function remove(this: NedbIndex, doc: IndexDoc | IndexDoc[]) {
    if (!Array.isArray(doc)) return removeOne.call(this, doc);
    // Documents sharing a key live in one array (the tree node's): group them by it.
    const groups = new Map<IndexDoc[], { key: unknown; docs: Set<IndexDoc> }>();
    for (const d of doc) {
      const key = model.getDotValues(d, this._fields);
      if (key === undefined && this.sparse) continue;
      const data = Array.isArray(key) ? [] : this.tree.search(key);
      if (data.length <= 1) {
        removeOne.call(this, d);
        continue;
      }
      const group = groups.get(data) ?? { key, docs: new Set<IndexDoc>() };
      groups.set(data, group);
      group.docs.add(d);
    }
    for (const [data, { key, docs }] of groups) {
      let kept = 0;
      let last: IndexDoc | undefined;
      for (const d of data) {
        if (docs.has(d)) last = d;
        else data[kept++] = d;
      }
      data.length = kept;
      // Every one of them went: the node itself goes, through the tree (which rebalances).
      if (kept === 0 && last) {
        data.push(last);
        this.tree.delete(key, last);
      }
    }
  };

  proto.updateMultipleDocs = function updateMultipleDocs(this: NedbIndex, pairs) {
    this.remove(pairs.map((pair) => pair.oldDoc));
    let failingIndex = -1;
    let error: unknown;
    for (let i = 0; i < pairs.length; i += 1) {
      try {
        this.insert((pairs[i] as { newDoc: IndexDoc }).newDoc);
      } catch (e) {
        error = e;
        failingIndex = i;
        break;
      }
    }
    if (failingIndex >= 0) {
      this.remove(pairs.slice(0, failingIndex).map((pair) => pair.newDoc));
      for (const pair of pairs) this.insert(pair.oldDoc);
      throw error;
    }
  };

  Datastore.prototype._removeAsync = async function _removeAsync(
    this: NedbDatastore,
    query: unknown,
    options: { multi?: boolean } = {},
  ) {
    const multi = options.multi ?? false;
    const candidates = await this._getCandidatesAsync(query, true);
    const removed: IndexDoc[] = [];
    for (const d of candidates) {
      if ((multi || removed.length === 0) && model.match(d, query)) removed.push(d);
    }
    for (const index of Object.values(this.indexes)) index.remove(removed);
    await this.persistence.persistNewStateAsync(removed.map((d) => ({ $$deleted: true, _id: d._id })));
    return removed.length;
  };
  return true;
}
