/**
 * The comparison behind `exports.test.ts`: shared-ui is shared at run time (Module Federation, a
 * singleton with `requiredVersion: ^<its version>`), so what it exports is part of its version. A
 * portal built against a version that gained an export requires that version, and a shell
 * providing an older one refuses it instead of failing at run time on a missing name.
 */

/** What `shared-ui/exports.json` records: the version and, per entry, the names it exports at run time. */
export interface ExportsRecord {
  version: string;
  exports: Record<string, string[]>;
}

export interface ExportsDiff {
  added: string[];
  removed: string[];
}

/** The names `current` has that `recorded` lacks, and the other way round, as `entry:name`. */
export function diffExports(recorded: ExportsRecord['exports'], current: ExportsRecord['exports']): ExportsDiff {
  const names = (record: ExportsRecord['exports']) =>
    new Set(Object.entries(record).flatMap(([entry, list]) => list.map((name) => `${entry}:${name}`)));
  const before = names(recorded);
  const now = names(current);
  return {
    added: [...now].filter((name) => !before.has(name)).sort(),
    removed: [...before].filter((name) => !now.has(name)).sort(),
  };
}

function parse(version: string): [number, number, number] {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!match) throw new Error(`Not a plain x.y.z version: ${version}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The version a change of exports needs at least: a removed name a major bump, an added one a minor bump. */
export function requiredVersion(recordedVersion: string, diff: ExportsDiff): string {
  const [major, minor, patch] = parse(recordedVersion);
  if (diff.removed.length > 0) return `${major + 1}.0.0`;
  if (diff.added.length > 0) return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch}`;
}

/** Whether `version` is at least `least` (x.y.z, numerically). */
export function versionAtLeast(version: string, least: string): boolean {
  const a = parse(version);
  const b = parse(least);
  for (let i = 0; i < 3; i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return true;
}

/** An env variable that lets the test rewrite `exports.json` (only once the version allows the change). */
export const UPDATE_ENV = 'UPDATE_SHARED_UI_EXPORTS';

export type ExportsVerdict = { ok: true; write: boolean } | { ok: false; write: false; message: string };

/**
 * Compares the recorded exports with the current ones at the package's `version`:
 * - the same names: fine (the record is left as it is, whatever the version);
 * - changed names with a version bumped enough (major for a removed name, minor for an added
 *   one): fine if `update` (the record is rewritten), else a failure asking for the update;
 * - changed names without that bump: a failure naming the change and the version needed.
 */
export function checkExports(recorded: ExportsRecord, current: ExportsRecord, update: boolean): ExportsVerdict {
  const diff = diffExports(recorded.exports, current.exports);
  if (diff.added.length === 0 && diff.removed.length === 0) return { ok: true, write: false };
  const least = requiredVersion(recorded.version, diff);
  const change = [...diff.added.map((name) => `  + ${name}`), ...diff.removed.map((name) => `  - ${name}`)].join('\n');
  if (!versionAtLeast(current.version, least)) {
    const kind = diff.removed.length > 0 ? 'a major' : 'a minor';
    return {
      ok: false,
      write: false,
      message:
        `shared-ui's exports changed since ${recorded.version} (shared-ui/exports.json):\n${change}\n` +
        `A portal built now would run on a shell providing ${recorded.version} and miss them: this needs ${kind} ` +
        `version bump. Set "version" in shared-ui/package.json to ${least} (or later), then re-run with ` +
        `${UPDATE_ENV}=1 to record the new exports.`,
    };
  }
  if (update) return { ok: true, write: true };
  return {
    ok: false,
    write: false,
    message:
      `shared-ui's exports changed and its version is now ${current.version}:\n${change}\n` +
      `Re-run with ${UPDATE_ENV}=1 (pnpm vitest run --project shared-ui test/exports.test.ts) to record them in shared-ui/exports.json.`,
  };
}
