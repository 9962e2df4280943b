/**
 * The demo catalog's hosted videos (#33): two short clips made by ffmpeg at seed time (a test
 * pattern and a tone, each its own look), transcoded through the real pipeline (`transcodeToHls`)
 * and stored as the transcoding queue's ready step stores a video, each with an English caption
 * track, as two video lessons of the demo educator's first course: one free preview, one paid.
 *
 * Fast and reliable: a clip's transcoded files are kept in `api/node_modules/.cache` (keyed by what
 * makes them: the clip, the preset, the ladder), so only the first seed on a machine runs ffmpeg
 * (~1–2 s a clip on two cores); a cache that cannot be written is skipped. Without ffmpeg (or on any
 * failure) the seed goes on without them, with a warning.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Logger } from '../logger.js';
import { type VideoTools, videoTools } from '../video/binaries.js';
import { LADDER, SEGMENT_SECONDS, type TranscodedVideo, transcodeToHls } from '../video/transcode.js';

const run = promisify(execFile);

/** The course whose chapters get the hosted lessons (the demo educator's; the demo student is enrolled). */
export const DEMO_VIDEO_COURSE = 'Java Programming Masterclass';

export interface DemoVideo {
  /** Names the cached files; change it (or anything below) and the clip is made again. */
  key: string;
  fileName: string;
  lectureTitle: string;
  /** The chapter (index) the lesson is appended to. */
  chapter: number;
  isPreviewFree: boolean;
  /** ffmpeg's lavfi video source (size, rate and duration included) and tone. */
  picture: string;
  tone: string;
  /** English captions: [start s, end s, text]. */
  cues: Array<[number, number, string]>;
}

export const DEMO_VIDEOS: DemoVideo[] = [
  {
    key: 'first-class-v1',
    fileName: 'a-first-class.mp4',
    lectureTitle: 'A first class, line by line',
    chapter: 1,
    isPreviewFree: true,
    picture: 'smptehdbars=s=640x360:r=25:d=6',
    tone: 'sine=f=330:d=6',
    cues: [
      [0, 2, 'A class describes the objects you make from it.'],
      [2, 4, 'Its fields hold the state; its methods hold the behaviour.'],
      [4, 6, 'Create one with new, then call its methods.'],
    ],
  },
  {
    key: 'collections-v1',
    fileName: 'collections-at-a-glance.mp4',
    lectureTitle: 'Collections at a glance',
    chapter: 2,
    isPreviewFree: false,
    picture: 'testsrc2=s=640x360:r=25:d=8',
    tone: 'sine=f=523:d=8',
    cues: [
      [0, 2.5, 'A List keeps its items in order.'],
      [2.5, 5, 'A Set keeps each item once.'],
      [5, 8, 'A Map finds a value by its key.'],
    ],
  },
];

const at = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/** The clip's English captions as WebVTT. */
export const demoCaptions = (video: DemoVideo): string =>
  `WEBVTT\n\n${video.cues.map(([start, end, text], i) => `${i + 1}\n${at(start)} --> ${at(end)}\n${text}\n`).join('\n')}`;

export interface PreparedDemoVideo {
  video: DemoVideo;
  /** The transcoded files' folder (the result's paths are relative to it). */
  dir: string;
  result: TranscodedVideo;
  sourceBytes: number;
}

const PRESET = 'veryfast';
const here = path.dirname(fileURLToPath(import.meta.url));
/** src/seed or dist/seed → api/node_modules/.cache. */
const CACHE_DIR = path.resolve(here, '../../node_modules/.cache/courseport-demo-videos');

const cacheKey = (video: DemoVideo) =>
  createHash('sha256')
    .update(JSON.stringify([video.key, video.picture, video.tone, PRESET, LADDER, SEGMENT_SECONDS]))
    .digest('hex')
    .slice(0, 16);

async function cached(dir: string): Promise<{ result: TranscodedVideo; sourceBytes: number } | null> {
  try {
    return JSON.parse(await readFile(path.join(dir, 'result.json'), 'utf8'));
  } catch {
    return null;
  }
}

/** Makes the clip and transcodes it into `work/out`; writes `work/result.json` last. */
async function make(video: DemoVideo, work: string, tools: VideoTools) {
  const source = path.join(work, 'source.mp4');
  const seconds = video.cues.at(-1)?.[1] ?? 6;
  // biome-ignore format: ffmpeg's arguments read best in pairs
  await run(tools.ffmpeg.path, [
    '-nostdin', '-v', 'error', '-y',
    '-f', 'lavfi', '-i', video.picture,
    '-f', 'lavfi', '-i', video.tone,
    '-t', String(seconds),
    '-c:v', 'libx264', '-preset', PRESET, '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-shortest', source,
  ]);
  const sourceBytes = (await readFile(source)).length;
  const result = await transcodeToHls(source, path.join(work, 'out'), { preset: PRESET, tools });
  await rm(source, { force: true });
  await writeFile(path.join(work, 'result.json'), JSON.stringify({ result, sourceBytes }));
  return { result, sourceBytes };
}

/** One clip: from the cache, or made now (and cached when the cache can be written). */
async function prepare(video: DemoVideo, tools: VideoTools, scratch: string): Promise<PreparedDemoVideo> {
  const dir = path.join(CACHE_DIR, `${video.key}-${cacheKey(video)}`);
  const hit = await cached(dir);
  if (hit) return { video, dir: path.join(dir, 'out'), ...hit };
  let work: string;
  try {
    await mkdir(CACHE_DIR, { recursive: true });
    work = await mkdtemp(path.join(CACHE_DIR, 'tmp-'));
  } catch {
    work = await mkdtemp(path.join(scratch, `${video.key}-`));
    return { video, dir: path.join(work, 'out'), ...(await make(video, work, tools)) };
  }
  const made = await make(video, work, tools);
  // Another process may have cached it meanwhile: then its copy is used and this one dropped.
  const kept = await rename(work, dir).then(
    () => true,
    () => false,
  );
  if (!kept) {
    await rm(work, { recursive: true, force: true });
    const other = await cached(dir);
    if (other) return { video, dir: path.join(dir, 'out'), ...other };
    throw new Error(`the demo video cache ${dir} is unreadable`);
  }
  return { video, dir: path.join(dir, 'out'), ...made };
}

/**
 * The demo videos, transcoded (from the cache when it has them), and a `done` that removes any
 * scratch files once they are stored; none (with a warning) when ffmpeg is missing or fails.
 */
export async function prepareDemoVideos(
  logger: Pick<Logger, 'warn'>,
  tools: () => VideoTools = videoTools,
): Promise<{ videos: PreparedDemoVideo[]; done: () => Promise<void> }> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'courseport-demo-videos-'));
  const done = () => rm(scratch, { recursive: true, force: true });
  try {
    const found = tools();
    const videos: PreparedDemoVideo[] = [];
    for (const video of DEMO_VIDEOS) videos.push(await prepare(video, found, scratch));
    return { videos, done };
  } catch (error) {
    logger.warn(
      { err: error },
      `The demo hosted videos were skipped (the rest of the demo data is seeded): ${(error as Error).message}`,
    );
    await done();
    return { videos: [], done: async () => {} };
  }
}
