import { VideoProcessError } from './ffmpeg-process.js';
import { VideoRejectedError } from './probe.js';
import { transcodeToHls } from './transcode.js';

/**
 * The transcoding child (#33): forked by the job queue's handler for one run,
 * `transcode-worker <input> <outDir> [preset] [timeoutMs]` (0: the default limit). Runs `transcodeToHls` and tells the parent over IPC:
 * `{ progress }`, `{ ffmpegPid }` (ffmpeg leads its own process group), then `{ result }` or
 * `{ error: { kind: 'rejected' | 'process' | 'other', message } }`. When the parent goes away
 * (IPC disconnect: the API was killed), it kills its ffmpeg group and exits.
 */

export type WorkerMessage =
  | { progress: number }
  | { ffmpegPid: number }
  | { result: Awaited<ReturnType<typeof transcodeToHls>> }
  | { error: { kind: 'rejected' | 'process' | 'other'; message: string; status?: number } };

const [input, outDir, preset, timeout] = process.argv.slice(2);
const timeoutMs = Number(timeout) > 0 ? Number(timeout) : undefined;
let ffmpegPid: number | undefined;
let answered = false;
const send = (message: WorkerMessage) =>
  new Promise<void>((resolve) => (process.connected ? process.send?.(message, () => resolve()) : resolve()));

function killFfmpeg() {
  if (ffmpegPid === undefined) return;
  try {
    process.kill(-ffmpegPid, 'SIGKILL');
  } catch {
    // already gone
  }
}

process.on('disconnect', () => {
  if (answered) process.exit(0);
  killFfmpeg();
  process.exit(1);
});

async function main() {
  if (!input || !outDir) throw new Error('usage: transcode-worker <input> <outDir> [preset] [timeoutMs]');
  try {
    const result = await transcodeToHls(input, outDir, {
      preset: preset || undefined,
      ...(timeoutMs ? { timeoutMs } : {}),
      onProgress: (progress) => void send({ progress }),
      onSpawn: (pid) => {
        ffmpegPid = pid;
        void send({ ffmpegPid: pid });
      },
    });
    await send({ result });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof VideoRejectedError) await send({ error: { kind: 'rejected', message, status: error.status } });
    else if (error instanceof VideoProcessError) await send({ error: { kind: 'process', message } });
    else await send({ error: { kind: 'other', message } });
  }
  answered = true;
  process.disconnect?.();
}

void main();
