import { chmod, lstat, mkdir } from 'node:fs/promises';

/**
 * Everything the API keeps on disk (the embedded store's collections, uploaded images, the local
 * signing key) is readable by the API's own user only: folders 0700, files 0600. Files and folders
 * are created with these modes (never left to the process umask), and what an older version or an
 * operator created with looser modes is tightened when the API starts.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Sets `mode` on `target` when it is looser (or otherwise different) and the file is ours: never
 * through a symbolic link, never on someone else's file, never on a shared sticky folder such as
 * /tmp (DATA_DIR pointed at one must not lock everyone else out of it). Missing files are skipped.
 */
export async function tighten(target: string, mode: number): Promise<void> {
  let stats: Awaited<ReturnType<typeof lstat>>;
  try {
    stats = await lstat(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (stats.isSymbolicLink()) return;
  if (typeof process.getuid === 'function' && stats.uid !== process.getuid()) return;
  if (stats.isDirectory() && (stats.mode & 0o1000) !== 0) return;
  if ((stats.mode & 0o7777) !== mode) await chmod(target, mode);
}

/** Creates the folder (and any missing parents) as 0700, and tightens it if it was already there. */
export async function privateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await tighten(dir, PRIVATE_DIR_MODE);
}
