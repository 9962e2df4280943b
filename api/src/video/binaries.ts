import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Where ffmpeg and ffprobe come from, in this order: `FFMPEG_PATH` / `FFPROBE_PATH`; the `PATH`
 * (Debian's `ffmpeg` package in production and CI); otherwise the static linux/macOS/Windows binaries
 * shipped inside the npm packages `@ffmpeg-installer/ffmpeg` and `@ffprobe-installer/ffprobe`
 * (their binaries come in the package itself, nothing is downloaded at install time), so a fresh
 * machine with only `pnpm install` can still transcode.
 */
export type VideoToolName = 'ffmpeg' | 'ffprobe';
export interface VideoTool {
  path: string;
  source: 'env' | 'path' | 'npm';
}
export interface VideoTools {
  ffmpeg: VideoTool;
  ffprobe: VideoTool;
}

export class VideoToolsMissingError extends Error {}

const ENV_NAME: Record<VideoToolName, string> = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };
const NPM_PACKAGE: Record<VideoToolName, string> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
};

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable `name` on `searchPath` (a `PATH` value), if any. */
export function onPath(name: string, searchPath: string | undefined): string | undefined {
  const exe = process.platform === 'win32' ? `${name}.exe` : name;
  for (const dir of (searchPath ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, exe);
    if (executable(candidate)) return candidate;
  }
  return undefined;
}

/** The binary shipped in the npm package (its `path`), if the package has one for this platform. */
function fromNpm(name: VideoToolName): string | undefined {
  try {
    const required = createRequire(import.meta.url)(NPM_PACKAGE[name]) as { path?: unknown };
    return typeof required.path === 'string' && executable(required.path) ? required.path : undefined;
  } catch {
    // No binary package for this platform (the installer throws), or the package is absent.
    return undefined;
  }
}

export function resolveTool(name: VideoToolName, env: NodeJS.ProcessEnv = process.env): VideoTool {
  const configured = env[ENV_NAME[name]]?.trim();
  if (configured) {
    if (!executable(configured))
      throw new VideoToolsMissingError(`${ENV_NAME[name]} (${configured}) is not an executable file`);
    return { path: configured, source: 'env' };
  }
  const found = onPath(name, env.PATH);
  if (found) return { path: found, source: 'path' };
  const shipped = fromNpm(name);
  if (shipped) return { path: shipped, source: 'npm' };
  throw new VideoToolsMissingError(
    `${name} was not found: install it (apt-get install ffmpeg), set ${ENV_NAME[name]}, or install ${NPM_PACKAGE[name]}`,
  );
}

let cached: VideoTools | undefined;
/** ffmpeg and ffprobe, resolved once per process from `process.env`. */
export function videoTools(): VideoTools {
  cached ??= { ffmpeg: resolveTool('ffmpeg'), ffprobe: resolveTool('ffprobe') };
  return cached;
}
