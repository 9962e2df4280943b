import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type VideoTools, videoTools } from './binaries.js';
import { runVideoTool } from './ffmpeg-process.js';
import { DEFAULT_PRESET, transcodeToHls } from './transcode.js';

/**
 * Transcoding speed on this machine, for `pnpm bench:video` (bench/video.mjs): a clip of test
 * pattern and tone made by ffmpeg (`seconds` long, `width` × `height`), then the whole ladder,
 * poster included, timed. `speed` is seconds of video per second of work (above 1: faster than real
 * time). `peakRssBytes` is ffmpeg's resident high-water mark (Linux's VmHWM, read while it runs).
 */
export interface TranscodeSpeed {
  videoSeconds: number;
  wallSeconds: number;
  speed: number;
  renditions: string[];
  preset: string;
  ffmpeg: string;
  peakRssBytes?: number;
}

export async function measureTranscodeSpeed({
  seconds = 30,
  width = 1280,
  height = 720,
  preset = DEFAULT_PRESET,
  tools = videoTools(),
}: {
  seconds?: number;
  width?: number;
  height?: number;
  preset?: string;
  tools?: VideoTools;
} = {}): Promise<TranscodeSpeed> {
  const dir = await mkdtemp(path.join(tmpdir(), 'courseport-video-speed-'));
  try {
    const source = path.join(dir, 'source.mp4');
    // A trusted input (lavfi's generators), so not through the upload restrictions.
    await runVideoTool(
      tools.ffmpeg.path,
      [
        '-nostdin',
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        `testsrc2=s=${width}x${height}:r=30:d=${seconds}`,
        '-f',
        'lavfi',
        '-i',
        `sine=f=440:d=${seconds}`,
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-crf',
        '18',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
        source,
      ],
      { timeoutMs: 10 * 60_000 },
    );
    const out = path.join(dir, 'out');
    await mkdir(out);
    let pid = 0;
    let peak = 0;
    const readPeak = () => {
      try {
        const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
        if (kb) peak = Math.max(peak, Number(kb) * 1024);
      } catch {
        // Not Linux, or the process has just ended.
      }
    };
    const started = performance.now();
    const video = await transcodeToHls(source, out, {
      preset,
      tools,
      onSpawn: (p) => {
        pid = p;
      },
      onProgress: readPeak,
    });
    const wallSeconds = (performance.now() - started) / 1000;
    return {
      videoSeconds: video.duration,
      wallSeconds,
      speed: video.duration / wallSeconds,
      renditions: video.renditions.map((r) => r.name),
      preset,
      ffmpeg: `${tools.ffmpeg.path} (${tools.ffmpeg.source})`,
      ...(peak > 0 ? { peakRssBytes: peak } : {}),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
