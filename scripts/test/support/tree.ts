import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/**
 * Small source trees for a check's test, in a temporary folder the test file removes afterwards:
 * `tree(name, { 'path/in/tree.ts': 'text' })` writes one and answers its folder.
 */
export function fixtureTrees(prefix: string): (name: string, files: Record<string, string>) => Promise<string> {
  let root = '';
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });
  return async (name, files) => {
    const dir = path.join(root, name);
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
    return dir;
  };
}
