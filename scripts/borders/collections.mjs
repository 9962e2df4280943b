import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** `store.collection<T>('name')` or `.collection(NAME)`: the argument's text, a literal or a constant's name. */
const OPENS = /\.collection\s*(?:<[^>()]*>)?\(\s*([^,)\s]+)\s*[,)]/g;

/**
 * Who owns the file: `modules/<name>` for a module, else the top-level folder of `api/src` (`limits`,
 * `auth`...). The store itself (`store/`) opens collections by any name: it is the implementation.
 * @param {string} file a path relative to `api/src`, with `/`
 */
function ownerOf(file) {
  const [top, second] = file.split('/');
  if (top === 'modules' && second) return `modules/${second}`;
  return top === undefined ? file : top;
}

/** @param {string} dir @returns {Promise<string[]>} */
async function tsFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/**
 * Collections opened by more than one owner: every collection belongs to one module, which opens it
 * in its repository; the others call that module's interface.
 * @param {string} srcDir the API's `src` folder
 * @returns {Promise<Array<{ collection: string, owners: Array<{ owner: string, file: string }> }>>}
 */
export async function sharedCollections(srcDir) {
  /** @type {Map<string, Array<{ owner: string, file: string }>>} */
  const opened = new Map();
  for (const file of await tsFiles(srcDir)) {
    if (file.startsWith('store/')) continue;
    const text = await readFile(path.join(srcDir, file), 'utf8');
    for (const match of text.matchAll(OPENS)) {
      const collection = (match[1] ?? '').replace(/^['"`]|['"`]$/g, '');
      const list = opened.get(collection) ?? [];
      list.push({ owner: ownerOf(file), file: `${file}:${text.slice(0, match.index).split('\n').length}` });
      opened.set(collection, list);
    }
  }
  return [...opened]
    .filter(([, owners]) => new Set(owners.map((o) => o.owner)).size > 1)
    .map(([collection, owners]) => ({ collection, owners }));
}
