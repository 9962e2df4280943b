import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import { HttpError } from '../http/errors.js';
import { type VideoTools, videoTools } from './binaries.js';
import { type ProcessLimits, runVideoTool, VideoProcessError } from './ffmpeg-process.js';

/**
 * What an uploaded file is, asked of ffprobe (JSON) under the same hardening as transcoding: only
 * the file itself is opened (`-protocol_whitelist file`), only through the container demuxers of
 * real recordings (`-format_whitelist`: no HLS or DASH playlists, no concat lists, no image
 * sequences, no raw streams, so a file cannot make ffprobe read another file or a URL), with a
 * timeout and a memory limit. Accepted: a video stream of a known codec, at most MAX_WIDTH × …
 * and MAX_PIXELS (a header of a few bytes can claim 16,000 × 16,000), at most `maxDurationS`;
 * audio is optional.
 */

/** The demuxers a recording may come in (ffmpeg's names; `mov` covers mp4/m4v/3gp/mov, `matroska` webm). */
export const INPUT_FORMATS = ['mov', 'matroska', 'avi', 'mpegts', 'mpeg', 'flv', 'asf'] as const;
/** Video codecs (ffprobe's `codec_name`) a camera, phone, screen recorder or editor writes. */
export const VIDEO_CODECS = new Set([
  'h264',
  'hevc',
  'vp8',
  'vp9',
  'av1',
  'mpeg4',
  'mpeg2video',
  'mpeg1video',
  'prores',
  'dnxhd',
  'mjpeg',
  'h263',
  'flv1',
  'wmv2',
  'wmv3',
  'vc1',
  'msmpeg4v3',
  'theora',
]);
/** 4096 × 2304 (4K DCI width, 16:9) and 8.9 MP at most: 4K UHD (3840 × 2160, 8.3 MP) passes. */
export const MAX_WIDTH = 4096;
export const MAX_HEIGHT = 4096;
export const MAX_PIXELS = 4096 * 2176;
export const DEFAULT_MAX_DURATION_S = 4 * 60 * 60;

export const NOT_A_VIDEO = 'The file is not a video: please upload an MP4, MOV, MKV, WebM or AVI recording';
export const VIDEO_UNREADABLE =
  'The video could not be read: the file may be truncated or damaged, please upload it again';
export const VIDEO_TOO_LARGE = (width: number, height: number) =>
  `The video is too large (${width} × ${height} pixels): it may have at most ${(MAX_PIXELS / 1_000_000).toFixed(1)} megapixels (4096 × 2176, or 3840 × 2160)`;
export const VIDEO_TOO_LONG = (seconds: number, max: number) =>
  `The video is too long (${formatDuration(seconds)}): it may last at most ${formatDuration(max)}`;

/** A refused upload: the message is for the educator (415 not a readable video, 413 too large or too long). */
export class VideoRejectedError extends HttpError {
  override name = 'VideoRejectedError';
}

export interface ProbedVideo {
  /** The demuxer ffprobe chose (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, …). */
  container: string;
  /** Coded size (before rotation). */
  width: number;
  height: number;
  /** Degrees clockwise the player turns it (0, 90, 180, 270). */
  rotation: number;
  /** Size as shown, after rotation. */
  displayWidth: number;
  displayHeight: number;
  /** Seconds. */
  duration: number;
  /** Frames per second (0 if unknown). */
  frameRate: number;
  videoCodec: string;
  audioCodec?: string;
  bytes: number;
}

export interface ProbeOptions extends Partial<ProcessLimits> {
  maxDurationS?: number;
  /** The binaries to use (default: `videoTools()`). */
  tools?: VideoTools;
  signal?: AbortSignal;
}

export const PROBE_LIMITS: ProcessLimits = { timeoutMs: 30_000, memoryBytes: 1024 * 1024 * 1024 };

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
  side_data_list?: Array<{ rotation?: number | string }>;
}
interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string; size?: string };
}

/** The input arguments that open `file` and nothing else (shared with the transcoder). */
export function restrictedInput(file: string, format?: string): string[] {
  if (!path.isAbsolute(file)) throw new Error('The video path must be absolute');
  return [
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    INPUT_FORMATS.join(','),
    ...(format ? ['-f', format] : []),
    // `file:` so a name with a colon is never read as another protocol.
    '-i',
    `file:${file}`,
  ];
}

export async function probeVideo(file: string, options: ProbeOptions = {}): Promise<ProbedVideo> {
  const { maxDurationS = DEFAULT_MAX_DURATION_S, tools = videoTools(), ...limits } = options;
  const input = restrictedInput(file).filter((arg) => arg !== '-i');
  let output: FfprobeOutput;
  try {
    const { stdout } = await runVideoTool(
      tools.ffprobe.path,
      ['-v', 'error', '-probesize', '20000000', ...input, '-print_format', 'json', '-show_format', '-show_streams'],
      { ...PROBE_LIMITS, ...limits, maxStdoutBytes: 1024 * 1024 },
    );
    output = JSON.parse(stdout) as FfprobeOutput;
  } catch (error) {
    if (error instanceof VideoProcessError) throw new VideoRejectedError(415, await refusalOf(file, error.stderrTail));
    throw error;
  }
  const format = output.format ?? {};
  const video = (output.streams ?? []).find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  if (!video) throw new VideoRejectedError(415, NOT_A_VIDEO);
  const width = video.width ?? 0;
  const height = video.height ?? 0;
  if (width < 16 || height < 16) throw new VideoRejectedError(415, VIDEO_UNREADABLE);
  if (width > MAX_WIDTH || height > MAX_HEIGHT || width * height > MAX_PIXELS)
    throw new VideoRejectedError(413, VIDEO_TOO_LARGE(width, height));
  const videoCodec = video.codec_name ?? '';
  if (!VIDEO_CODECS.has(videoCodec)) throw new VideoRejectedError(415, NOT_A_VIDEO);
  const duration = Number(format.duration ?? video.duration ?? Number.NaN);
  if (!Number.isFinite(duration) || duration <= 0) throw new VideoRejectedError(415, VIDEO_UNREADABLE);
  if (duration > maxDurationS) throw new VideoRejectedError(413, VIDEO_TOO_LONG(duration, maxDurationS));
  const rotation = rotationOf(video);
  const turned = rotation === 90 || rotation === 270;
  const audio = (output.streams ?? []).find((s) => s.codec_type === 'audio' && s.codec_name);
  return {
    container: format.format_name ?? '',
    width,
    height,
    rotation,
    displayWidth: turned ? height : width,
    displayHeight: turned ? width : height,
    duration,
    frameRate: rate(video.avg_frame_rate) || rate(video.r_frame_rate),
    videoCodec,
    ...(audio?.codec_name ? { audioCodec: audio.codec_name } : {}),
    bytes: Number(format.size ?? 0),
  };
}

/**
 * What ffprobe's refusal means for the educator: a file that starts like a video container (its magic
 * bytes, not its name) but does not open was cut short or damaged; anything else is not a video.
 */
async function refusalOf(file: string, stderr: string): Promise<string> {
  if (/not on whitelist/i.test(stderr)) return NOT_A_VIDEO;
  const type = await fileTypeFromFile(file).catch(() => undefined);
  return type?.mime.startsWith('video/') ? VIDEO_UNREADABLE : NOT_A_VIDEO;
}

/** Clockwise degrees, from the display matrix (ffprobe reports it counter-clockwise) or an old `rotate` tag. */
function rotationOf(stream: FfprobeStream): number {
  const matrix = stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation;
  const degrees = matrix !== undefined ? -Number(matrix) : Number(stream.tags?.rotate ?? 0);
  if (!Number.isFinite(degrees)) return 0;
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
}

function rate(value: string | undefined): number {
  const [num, den] = (value ?? '').split('/').map(Number);
  if (!num || !den) return 0;
  return num / den;
}

function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min ${String(s).padStart(2, '0')} s`;
}
