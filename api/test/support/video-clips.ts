import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { videoTools } from '../../src/video/binaries.js';

const run = promisify(execFile);

/** Runs the ffmpeg the API itself would use, quietly, overwriting its output. */
export async function ffmpeg(...args: string[]): Promise<void> {
  await run(videoTools().ffmpeg.path, ['-nostdin', '-v', 'error', '-y', ...args]);
}

/**
 * ffmpeg's inputs and codecs for a test clip (before the output file): a test pattern of `size`
 * and a 440 Hz tone, `seconds` long, H.264 (ultrafast) and AAC. No binary fixtures: clips are made.
 */
export const testClip = (size: string, seconds: number, rate = 25): string[] => [
  '-f',
  'lavfi',
  '-i',
  `testsrc2=s=${size}:r=${rate}:d=${seconds}`,
  '-f',
  'lavfi',
  '-i',
  `sine=f=440:d=${seconds}`,
  '-c:v',
  'libx264',
  '-preset',
  'ultrafast',
  '-pix_fmt',
  'yuv420p',
  '-c:a',
  'aac',
  '-shortest',
];
