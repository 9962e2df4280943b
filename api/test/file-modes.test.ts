import { generateKeyPairSync } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSigningKey } from '../src/auth/local-issuer.js';
import { openEmbeddedStore } from '../src/store/embedded.js';
import { startTestApi } from './support/http.js';
import { bearer, userWithProfile } from './support/identity.js';
import { thumbnailPng } from './support/png.js';

/**
 * What the API keeps on disk is its user's alone: DATA_DIR and its folders 0700, every collection
 * file, image and the signing key 0600, whatever the umask, after NeDB rewrites a file, and also
 * for what an earlier version left with looser modes.
 */

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;
const octal = (mode: number) => mode.toString(8);

const roots: string[] = [];
async function scratch() {
  const root = await mkdtemp(path.join(tmpdir(), 'courseport-modes-'));
  roots.push(root);
  return root;
}
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

/** `{ 'relative/path': 'mode' }` for the folder itself and everything in it, recursively. */
async function modesUnder(dir: string): Promise<Record<string, string>> {
  const modes: Record<string, string> = { '.': octal(await modeOf(dir)) };
  for (const entry of await readdir(dir, { recursive: true })) {
    modes[entry] = octal(await modeOf(path.join(dir, entry)));
  }
  return modes;
}
const allPrivate = (modes: Record<string, string>) =>
  Object.entries(modes).filter(([, mode]) => mode !== '700' && mode !== '600');

describe('DATA_DIR of the embedded store', () => {
  it('keeps every collection file and image private after writes, after compaction and after a reopen', async () => {
    // A DATA_DIR that does not exist yet, one level below an existing folder: the store creates it.
    const dir = path.join(await scratch(), 'data');
    const api = await startTestApi({ store: await openEmbeddedStore(dir) });
    const teacher = await userWithProfile(api, 'modes@example.com', { educator: true });
    const body = new FormData();
    body.set(
      'courseData',
      JSON.stringify({ courseTitle: 'Private files', coursePrice: 1, discount: 0, courseContent: [] }),
    );
    body.set('image', new Blob([thumbnailPng(4, 32, 18)], { type: 'image/png' }), 'thumb.png');
    const added = await api.json('/api/educator/add-course', { method: 'POST', headers: bearer(teacher.token), body });
    expect(added.status).toBe(201);

    const written = await modesUnder(dir);
    expect(Object.keys(written)).toEqual(expect.arrayContaining(['.', 'users.db', 'courses.db', 'media']));
    // A 32 px image: its renditions at its own width, in AVIF, WebP and JPEG.
    expect((await readdir(path.join(dir, 'media'))).sort()).toEqual([
      expect.stringMatching(/-32-avif$/),
      expect.stringMatching(/-32-jpeg$/),
      expect.stringMatching(/-32-webp$/),
    ]);
    expect(allPrivate(written)).toEqual([]);
    expect(written['.']).toBe('700');
    expect(written.media).toBe('700');

    // Closing compacts every collection: NeDB writes `<name>.db~` and renames it over the file.
    await api.close();
    const compacted = await modesUnder(dir);
    expect(allPrivate(compacted)).toEqual([]);

    const reopened = await openEmbeddedStore(dir);
    expect(await reopened.collection('courses').countDocuments({})).toBe(1);
    await reopened.collection('courses').updateMany({}, { $set: { courseTitle: 'Still private' } });
    await reopened.close();
    expect(allPrivate(await modesUnder(dir))).toEqual([]);
  });

  it('tightens collection files, images and the folders an earlier version left readable to others', async () => {
    const dir = path.join(await scratch(), 'data');
    await mkdir(path.join(dir, 'media'), { recursive: true });
    const doc = `${JSON.stringify({ _id: 'a'.repeat(24), name: 'Old' })}\n`;
    await writeFile(path.join(dir, 'users.db'), doc, { mode: 0o644 });
    await writeFile(path.join(dir, 'courses.db~'), '', { mode: 0o666 });
    await writeFile(path.join(dir, 'media', 'b'.repeat(24)), 'png', { mode: 0o644 });
    // Not the store's: left exactly as it is.
    await writeFile(path.join(dir, 'notes.txt'), 'mine', { mode: 0o644 });
    await symlink(path.join(dir, 'notes.txt'), path.join(dir, 'linked.db'));
    await chmod(path.join(dir, 'media'), 0o755);
    await chmod(dir, 0o755);

    const store = await openEmbeddedStore(dir);
    try {
      expect(await store.collection('users').findOne({ _id: 'a'.repeat(24) })).toMatchObject({ name: 'Old' });
      expect(await modesUnder(dir)).toEqual({
        '.': '700',
        'users.db': '600',
        'courses.db~': '600',
        media: '700',
        [path.join('media', 'b'.repeat(24))]: '600',
        'notes.txt': '644',
        'linked.db': '644',
      });
    } finally {
      await store.close();
    }
  });
});

describe('the local signing key', () => {
  it('is created 0600 in a 0700 auth folder of a 0700 DATA_DIR', async () => {
    const dir = path.join(await scratch(), 'data');
    await loadOrCreateSigningKey(dir);
    expect(await modesUnder(dir)).toEqual({
      '.': '700',
      auth: '700',
      [path.join('auth', 'local-issuer-key.pem')]: '600',
    });
  });

  it('is tightened, with its folders, when an earlier start left it readable to others', async () => {
    const dir = path.join(await scratch(), 'data');
    await mkdir(path.join(dir, 'auth'), { recursive: true, mode: 0o755 });
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    await writeFile(path.join(dir, 'auth', 'local-issuer-key.pem'), pem, { mode: 0o644 });
    await chmod(path.join(dir, 'auth'), 0o755);
    await chmod(dir, 0o755);

    expect(await loadOrCreateSigningKey(dir)).toBe(pem);
    expect(await modesUnder(dir)).toEqual({
      '.': '700',
      auth: '700',
      [path.join('auth', 'local-issuer-key.pem')]: '600',
    });
  });
});
