import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { type VideoTools, videoTools } from './binaries.js';
import { type ProcessLimits, runVideoTool, VideoProcessError } from './ffmpeg-process.js';
import {
  type ProbedVideo,
  type ProbeOptions,
  probeVideo,
  restrictedInput,
  VIDEO_UNREADABLE,
  VideoRejectedError,
} from './probe.js';

/**
 * An uploaded video → an HLS ladder in a directory, in one ffmpeg process (one decode, one scaler
 * and one libx264 encoder per rendition): H.264 Main + AAC-LC stereo, MPEG-TS segments of
 * SEGMENT_SECONDS cut on key frames forced at the same times in every rendition (closed GOPs, no
 * scene-cut key frames), so every segment starts with a key frame and a player can switch rendition
 * at any segment boundary (`#EXT-X-INDEPENDENT-SEGMENTS`, `-hls_playlist_type vod`). The ladder goes
 * from 240p up to the source's own size, never above it (a source below 240p gets one rendition at
 * its size); frame rates above 30 are brought to 30. The master playlist is written here (not by
 * ffmpeg), with each rendition's measured peak and average bitrate, its RESOLUTION and CODECS.
 * Then a poster frame (JPEG by ffmpeg, WebP through sharp). The result lists every file with its
 * content type, so the caller can store the directory anywhere (blobs, GridFS, a CDN bucket).
 */

export interface Rung {
  name: string;
  /** Lines of the shorter side (the height of a landscape video). */
  lines: number;
  videoKbps: number;
  audioKbps: number;
  /** avc1 level byte, hex (1e = 3.0, 1f = 3.1, 28 = 4.0) and ffmpeg's level. */
  level: string;
  ffmpegLevel: string;
}

// The low rungs follow Apple's HLS authoring ladder (≈145–365 kbps at 234–360 lines): the first
// segment of a slow phone's start is what its first frame waits for (#33's ≤ 2 s on slow 4G).
export const LADDER: readonly Rung[] = [
  { name: '240p', lines: 240, videoKbps: 250, audioKbps: 64, level: '1e', ffmpegLevel: '3.0' },
  { name: '360p', lines: 360, videoKbps: 600, audioKbps: 96, level: '1e', ffmpegLevel: '3.0' },
  { name: '480p', lines: 480, videoKbps: 1100, audioKbps: 128, level: '1f', ffmpegLevel: '3.1' },
  { name: '720p', lines: 720, videoKbps: 2800, audioKbps: 128, level: '1f', ffmpegLevel: '3.1' },
  { name: '1080p', lines: 1080, videoKbps: 5000, audioKbps: 128, level: '28', ffmpegLevel: '4.0' },
];
export const SEGMENT_SECONDS = 4;
export const MAX_FRAME_RATE = 30;
/** libx264's preset: `veryfast` keeps a 2-core machine well above real time at 720p. */
export const DEFAULT_PRESET = 'veryfast';
export const POSTER_MAX_WIDTH = 1280;
const X264_PRESETS = ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow', 'slower', 'veryslow'];
/** libx264 threads per rendition (all renditions encode at once). */
export const ENCODER_THREADS = Math.min(4, Math.max(1, availableParallelism()));

export interface RenditionPlan {
  name: string;
  width: number;
  height: number;
  videoKbps: number;
  audioKbps: number;
  level: string;
  ffmpegLevel: string;
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/** The renditions for a video shown at `width` × `height`: the ladder's rungs up to its shorter side. */
export function planLadder(width: number, height: number): RenditionPlan[] {
  const short = Math.min(width, height);
  const landscape = width >= height;
  const sized = (rung: Rung): RenditionPlan => {
    const other = even((rung.lines * Math.max(width, height)) / short);
    const lines = even(rung.lines);
    return {
      name: rung.name,
      width: landscape ? other : lines,
      height: landscape ? lines : other,
      videoKbps: rung.videoKbps,
      audioKbps: rung.audioKbps,
      level: rung.level,
      ffmpegLevel: rung.ffmpegLevel,
    };
  };
  const rungs = LADDER.filter((rung) => rung.lines <= short);
  if (rungs.length > 0) return rungs.map(sized);
  const lowest = LADDER[0] as Rung;
  const lines = even(short) > short ? even(short) - 2 : even(short);
  const kbps = Math.max(150, Math.round((lowest.videoKbps * lines * lines) / (lowest.lines * lowest.lines)));
  return [sized({ ...lowest, name: `${lines}p`, lines, videoKbps: kbps })];
}

export interface OutputFile {
  /** Relative to the output directory, with `/`. */
  path: string;
  contentType: string;
  bytes: number;
}

export interface Rendition extends RenditionPlan {
  /** Its media playlist, relative to the output directory. */
  playlist: string;
  /** Peak and average bits per second over its segments (BANDWIDTH, AVERAGE-BANDWIDTH). */
  bandwidth: number;
  averageBandwidth: number;
  codecs: string;
  segments: number[];
}

export interface TranscodedVideo {
  probe: ProbedVideo;
  /** Seconds, as the renditions play (the lesson's duration). */
  duration: number;
  renditions: Rendition[];
  master: string;
  poster: { jpeg: string; webp: string; width: number; height: number };
  files: OutputFile[];
}

export interface TranscodeOptions extends Partial<ProcessLimits> {
  /** Called with 0…100 (never backwards): 0 at the start, 100 once every file is written. */
  onProgress?: (percent: number) => void;
  /** libx264 preset (tests use `ultrafast`). */
  preset?: string;
  /** All output files together, in bytes (default: twice the ladder's bitrates over the duration, + 16 MB). */
  maxOutputBytes?: number;
  maxDurationS?: ProbeOptions['maxDurationS'];
  onSpawn?: (pid: number) => void;
  signal?: AbortSignal;
  /** The binaries to use (default: `videoTools()`). */
  tools?: VideoTools;
}

/** 2 GiB of address space (not resident memory): a 1080p source's five-rung ladder needs 1.2 GiB of it, ~0.5 GB resident (docs/performance.md). */
export const TRANSCODE_MEMORY_BYTES = 2048 * 1024 * 1024;
/** Per output file (a segment is a few MB; a playlist a few KB). */
export const TRANSCODE_MAX_FILE_BYTES = 256 * 1024 * 1024;
/** Wall clock: 10 minutes plus twice the duration (a 2-core machine transcodes above 1× real time). */
export const transcodeTimeoutMs = (durationS: number) => 10 * 60_000 + 2 * durationS * 1000;

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
};

/**
 * Transcodes `input` (an absolute path) into `outDir` (an empty directory the caller owns).
 * Refuses what `probeVideo` refuses (VideoRejectedError), and a file whose streams end well before
 * its declared duration (truncated); a timeout, memory exhaustion or an output past its limits is a
 * VideoProcessError.
 */
export async function transcodeToHls(
  input: string,
  outDir: string,
  options: TranscodeOptions = {},
): Promise<TranscodedVideo> {
  const { onProgress, preset = DEFAULT_PRESET, signal, onSpawn, tools = videoTools() } = options;
  // ffmpeg expands `%` in the hls muxer's file names; the directory is ours, so this is a programming error.
  if (!path.isAbsolute(outDir) || outDir.includes('%'))
    throw new Error('The output directory must be an absolute path without %');
  if (!X264_PRESETS.includes(preset)) throw new Error(`Unknown libx264 preset ${preset}`);
  const probe = await probeVideo(input, {
    ...(options.maxDurationS ? { maxDurationS: options.maxDurationS } : {}),
    ...(signal ? { signal } : {}),
    tools,
  });
  const plan = planLadder(probe.displayWidth, probe.displayHeight);
  const limits: ProcessLimits = {
    timeoutMs: options.timeoutMs ?? transcodeTimeoutMs(probe.duration),
    memoryBytes: options.memoryBytes ?? TRANSCODE_MEMORY_BYTES,
    maxFileBytes: options.maxFileBytes ?? TRANSCODE_MAX_FILE_BYTES,
    ...(options.niceness !== undefined ? { niceness: options.niceness } : {}),
  };
  const demuxer = (probe.container.split(',')[0] as string) || undefined;
  let reported = -1;
  const report = (percent: number) => {
    const p = Math.max(0, Math.min(100, Math.floor(percent)));
    if (p > reported) {
      reported = p;
      onProgress?.(p);
    }
  };
  report(0);

  await Promise.all(plan.map((_, i) => mkdir(path.join(outDir, `v${i}`), { recursive: true })));
  const hasAudio = probe.audioCodec !== undefined;
  const fps = probe.frameRate > MAX_FRAME_RATE || probe.frameRate === 0 ? `fps=${MAX_FRAME_RATE},` : '';
  const graph = [
    `[0:v:0]${fps}split=${plan.length}${plan.map((_, i) => `[s${i}]`).join('')}`,
    ...plan.map((r, i) => `[s${i}]scale=${r.width}:${r.height},setsar=1,format=yuv420p[v${i}]`),
  ].join(';');
  const args = [
    '-nostdin',
    '-hide_banner',
    '-v',
    'error',
    '-nostats',
    '-progress',
    'pipe:1',
    '-threads',
    String(ENCODER_THREADS),
    ...restrictedInput(input, demuxer),
    '-filter_threads',
    String(ENCODER_THREADS),
    '-filter_complex',
    graph,
    ...plan.flatMap((_, i) => ['-map', `[v${i}]`, ...(hasAudio ? ['-map', '0:a:0'] : [])]),
    '-c:v',
    'libx264',
    // Threads per encoder, one encoder per rendition: enough to fill the cores, few stacks.
    '-threads',
    String(ENCODER_THREADS),
    '-preset',
    preset,
    '-profile:v',
    'main',
    '-sc_threshold',
    '0',
    '-flags',
    '+cgop',
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    ...plan.flatMap((r, i) => [
      `-b:v:${i}`,
      `${r.videoKbps}k`,
      `-maxrate:v:${i}`,
      `${Math.round(r.videoKbps * 1.1)}k`,
      `-bufsize:v:${i}`,
      `${Math.round(r.videoKbps * 1.5)}k`,
      `-level:v:${i}`,
      r.ffmpegLevel,
    ]),
    ...(hasAudio
      ? ['-c:a', 'aac', ...plan.flatMap((r, i) => [`-b:a:${i}`, `${r.audioKbps}k`]), '-ac', '2', '-ar', '48000']
      : []),
    '-max_muxing_queue_size',
    '1024',
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_type',
    'mpegts',
    '-hls_segment_filename',
    path.join(outDir, 'v%v', 'seg_%03d.ts'),
    '-var_stream_map',
    plan.map((_, i) => (hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(' '),
    path.join(outDir, 'v%v', 'index.m3u8'),
  ];
  const maxOutputBytes =
    options.maxOutputBytes ??
    Math.ceil((2 * probe.duration * plan.reduce((sum, r) => sum + r.videoKbps + r.audioKbps, 0) * 1000) / 8) +
      16 * 1024 * 1024;
  // The ladder gets 95 % of the bar, the poster the rest.
  const onStdoutLine = (line: string) => {
    const match = /^out_time=(\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(line);
    if (!match) return;
    const seconds = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
    if (Number.isFinite(seconds)) report(Math.min(95, (95 * seconds) / probe.duration));
  };
  try {
    await runVideoTool(tools.ffmpeg.path, args, {
      ...limits,
      onStdoutLine,
      ...(onSpawn ? { onSpawn } : {}),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    // The probe accepted it, so ffmpeg failing on it means damaged data (limits keep their own kind).
    if (error instanceof VideoProcessError && error.kind === 'failed')
      throw new VideoRejectedError(415, VIDEO_UNREADABLE);
    throw error;
  }

  const renditions: Rendition[] = [];
  for (const [i, r] of plan.entries()) {
    await rename(path.join(outDir, `v${i}`), path.join(outDir, r.name));
    const playlist = `${r.name}/index.m3u8`;
    const segments = await measureSegments(
      path.join(outDir, r.name),
      await readFile(path.join(outDir, playlist), 'utf8'),
    );
    renditions.push({
      ...r,
      playlist,
      ...segments,
      codecs: `avc1.4d40${r.level}${hasAudio ? ',mp4a.40.2' : ''}`,
    });
  }
  const duration = (renditions[0] as Rendition).segments.reduce((sum, s) => sum + s, 0);
  // A truncated file declares more than it holds: its streams stop early.
  if (duration < probe.duration * 0.9 - 0.5) throw new VideoRejectedError(415, VIDEO_UNREADABLE);

  const master = 'master.m3u8';
  await writeFile(
    path.join(outDir, master),
    masterPlaylist(renditions, Math.min(probe.frameRate || MAX_FRAME_RATE, MAX_FRAME_RATE)),
  );
  const poster = await makePoster(tools, input, demuxer, outDir, probe, limits, signal);
  const files = await listFiles(outDir);
  const total = files.reduce((sum, f) => sum + f.bytes, 0);
  if (total > maxOutputBytes)
    throw new VideoProcessError(
      `The transcoded video takes ${total} bytes, more than the ${maxOutputBytes} allowed`,
      'output-too-large',
      '',
    );
  report(100);
  return { probe, duration, renditions, master, poster, files };
}

/** EXTINF durations, and the peak and average bitrate of the segments (bytes on disk). */
async function measureSegments(dir: string, playlist: string) {
  const segments: number[] = [];
  let peak = 0;
  let bits = 0;
  let pending: number | undefined;
  for (const line of playlist.split('\n').map((l) => l.trim())) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) pending = Number(extinf[1]);
    else if (line && !line.startsWith('#') && pending !== undefined) {
      const bytes = (await stat(path.join(dir, path.basename(line)))).size;
      segments.push(pending);
      if (pending > 0) peak = Math.max(peak, (bytes * 8) / pending);
      bits += bytes * 8;
      pending = undefined;
    }
  }
  const seconds = segments.reduce((sum, s) => sum + s, 0);
  return { segments, bandwidth: Math.ceil(peak), averageBandwidth: Math.ceil(seconds > 0 ? bits / seconds : 0) };
}

export function masterPlaylist(renditions: Rendition[], frameRate: number): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  // Lowest first: a player without a bandwidth estimate (Safari's native HLS) starts on it.
  for (const r of renditions) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},AVERAGE-BANDWIDTH=${r.averageBandwidth},RESOLUTION=${r.width}x${r.height},FRAME-RATE=${frameRate.toFixed(3)},CODECS="${r.codecs}"`,
      r.playlist,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function makePoster(
  tools: VideoTools,
  input: string,
  demuxer: string | undefined,
  outDir: string,
  probe: ProbedVideo,
  limits: ProcessLimits,
  signal: AbortSignal | undefined,
) {
  const jpeg = 'poster.jpg';
  const webp = 'poster.webp';
  // A tenth of the way in (at most 5 s): past a fade from black, still the opening.
  const at = Math.min(5, probe.duration / 10).toFixed(3);
  await runVideoTool(
    tools.ffmpeg.path,
    [
      '-nostdin',
      '-hide_banner',
      '-v',
      'error',
      '-ss',
      at,
      ...restrictedInput(input, demuxer),
      '-frames:v',
      '1',
      '-vf',
      `scale='min(${POSTER_MAX_WIDTH},iw)':-2`,
      '-q:v',
      '3',
      '-f',
      'image2',
      '-update',
      '1',
      path.join(outDir, jpeg),
    ],
    { ...limits, timeoutMs: Math.min(limits.timeoutMs, 60_000), ...(signal ? { signal } : {}) },
  );
  const info = await sharp(path.join(outDir, jpeg)).webp({ quality: 70 }).toFile(path.join(outDir, webp));
  return { jpeg, webp, width: info.width, height: info.height };
}

async function listFiles(dir: string, prefix = ''): Promise<OutputFile[]> {
  const files: OutputFile[] = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(dir, relative)));
    else {
      const bytes = (await stat(path.join(dir, relative))).size;
      files.push({
        path: relative,
        contentType: CONTENT_TYPES[path.extname(entry.name)] ?? 'application/octet-stream',
        bytes,
      });
    }
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}
