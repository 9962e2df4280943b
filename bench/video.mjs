/**
 * Transcoding speed (#33): `pnpm bench:video` builds the API and transcodes a generated 720p and
 * 1080p clip (test pattern and tone, 30 s each; `VIDEO_BENCH_SECONDS` to change) into the full HLS
 * ladder with the API's own code (`api/dist/video/speed.js`), and prints seconds of video per second
 * of work and ffmpeg's peak resident memory. It measures and reports, it never fails on times; the
 * figures go to docs/performance.md ("Video transcoding") by hand.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { measureTranscodeSpeed } = await import(pathToFileURL(path.join(ROOT, 'api/dist/video/speed.js')).href);
const seconds = Number(process.env.VIDEO_BENCH_SECONDS ?? 30);

console.log(
  `Video transcoding on ${os.cpus()[0]?.model.trim() ?? 'unknown'} × ${os.cpus().length} cores, ${seconds} s clips`,
);
console.log('| Source | Renditions | Preset | Wall | Speed (s of video / s) | ffmpeg peak RSS |');
console.log('|---|---|---|---:|---:|---:|');
for (const [width, height] of [
  [1280, 720],
  [1920, 1080],
]) {
  const r = await measureTranscodeSpeed({ seconds, width, height });
  const rss = r.peakRssBytes ? `${Math.round(r.peakRssBytes / 2 ** 20)} MiB` : '—';
  console.log(
    `| ${width}×${height} | ${r.renditions.join(', ')} | ${r.preset} | ${r.wallSeconds.toFixed(1)} s | ${r.speed.toFixed(2)}× | ${rss} |`,
  );
}
