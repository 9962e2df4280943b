import { type ChildProcess, fork } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism, hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Agenda, exponential, type Job } from 'agenda';
import type { Clock } from '../../clock.js';
import { agendaOn, dropStaleClaimIndex } from '../../jobs/agenda.js';
import { newId, type Store } from '../../store/index.js';
import type { TranscodedVideo } from '../../video/transcode.js';
import type { WorkerMessage } from '../../video/transcode-worker.js';
import { courseRecords } from '../courses/index.js';
import { videoFactsOf } from './facts.js';
import { type VideoDoc, videosRepository } from './repository.js';

/**
 * The transcoding queue (#33, docs/video-job-queue.md): Agenda jobs `transcode-video` in the
 * `videoJobs` collection (this module owns it), run `concurrency = lockLimit` at a time (one per two
 * cores). Each run forks `video/transcode-worker` (ffmpeg's HLS ladder into a staging directory),
 * heartbeats the lock with the progress, then stores the files as blobs and marks the video 'ready'.
 * Every write to the video is fenced by the run's `runId`, so a stale run cannot overwrite a newer
 * one. A refused file (VideoRejectedError) fails at once; anything else (ffmpeg timeout, memory, a
 * killed worker) is retried with exponential backoff, up to MAX_ATTEMPTS runs (counted at the
 * start of each run, so a run whose host was killed counts too), then 'failed'.
 */

export const JOB_NAME = 'transcode-video';
export const VIDEO_JOBS_COLLECTION = 'videoJobs';
/** Runs of one video before it is given up (the first and three retries). */
export const MAX_ATTEMPTS = 4;
export const GAVE_UP = (reason: string) => `Transcoding failed ${MAX_ATTEMPTS} times: ${reason}`;
const PROGRESS_WRITE_MS = 500;

export interface TranscodingOptions {
  uploadDir: string;
  /** Where runs write their files before they are stored (DATA_DIR/video-staging). */
  stagingDir: string;
  lockMs: number;
  pollMs: number;
  retryDelayMs: number;
  preset: string;
  /** ffmpeg's wall-clock limit per run (0: transcode.ts' default from the duration). */
  timeoutMs: number;
  /** Runs at a time in this process (VIDEO_WORKERS; default one per two cores). 0: this process only enqueues. */
  concurrency?: number;
  /** Gives the video quota back (a refused video). */
  releaseQuota: (ownerId: string, bytes: number) => Promise<void>;
  logError: (error: unknown, message: string) => void;
  /** The API's public URL: the lessons that play a video just ready get its poster's URL. */
  publicApiUrl: string;
  /** Tests: told of each forked worker. */
  onWorker?: (child: ChildProcess) => void;
}

/** A renditions entry as the video document keeps it. */
export interface StoredRendition {
  name: string;
  width: number;
  height: number;
  playlist: string;
}

/** A transcoded file: its path in the HLS tree (playlists name others relatively) and its blob. */
export interface StoredFile {
  path: string;
  blob: string;
  contentType: string;
  bytes: number;
}

class RetryableError extends Error {
  readonly retryable = true;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** The compiled worker (dist) or, when the API runs from its sources (tsx, tests), the TypeScript one. */
const WORKER = import.meta.url.endsWith('.ts')
  ? path.resolve(here, '../../video/transcode-worker.ts')
  : path.resolve(here, '../../video/transcode-worker.js');
// tsx resolved from here (the API package), so the worker starts whatever the parent's working directory.
const WORKER_EXEC_ARGV = import.meta.url.endsWith('.ts')
  ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
  : [];

export const blobIdOf = (videoId: string, runId: string, index: number) => `vid-${videoId}-${runId}-${index}`;

export function transcodingQueue(store: Store, clock: Clock, options: TranscodingOptions) {
  const videos = videosRepository(store);
  const courses = courseRecords(store);
  const concurrency = options.concurrency ?? Math.max(1, Math.floor(availableParallelism() / 2));
  const runner = `${hostname()}:${process.pid}`;
  let agenda: Agenda | undefined;
  const running = new Set<ChildProcess>();
  let active = 0;
  const onIdle: Array<() => void> = [];
  const idle = () => (active === 0 ? Promise.resolve() : new Promise<void>((resolve) => onIdle.push(resolve)));

  function queue(): Agenda {
    if (agenda) return agenda;
    agenda = agendaOn(store, {
      collection: VIDEO_JOBS_COLLECTION,
      processEvery: options.pollMs,
      name: runner,
    });
    agenda.on('error', (error: unknown) => options.logError(error, 'the video job queue failed'));
    const backoff = exponential({
      delay: options.retryDelayMs,
      factor: 2,
      maxDelay: 600_000,
      maxRetries: 100,
      jitter: 0.2,
    });
    agenda.define<{ videoId: string }>(
      JOB_NAME,
      async (job) => {
        active++;
        try {
          await run(job);
          // Removed here rather than by Agenda's removeOnComplete, which removes after its 'complete'
          // event: a worker stopping then (its store closing) left the finished job behind.
          await job.remove().catch((error: unknown) => options.logError(error, 'removing a finished video job failed'));
        } finally {
          active--;
          if (active === 0) for (const resolve of onIdle.splice(0)) resolve();
        }
      },
      {
        concurrency: Math.max(1, concurrency),
        removeOnComplete: false,
        lockLimit: Math.max(1, concurrency),
        lockLifetime: options.lockMs,
        backoff: (context) => ((context.error as Partial<RetryableError>).retryable ? backoff(context) : null),
      },
    );
    return agenda;
  }

  const fenced = (videoId: string, runId: string) => ({ _id: videoId, runId, status: 'processing' });

  async function removeSource(videoId: string) {
    const file = path.join(options.uploadDir, videoId);
    await rm(file, { force: true });
    await rm(`${file}.json`, { force: true });
  }

  /** Forks the worker on `input` → `outDir`: its result, or a thrown refusal / retryable error. */
  function transcodeInChild(
    input: string,
    outDir: string,
    onProgress: (percent: number) => void,
  ): Promise<TranscodedVideo | { rejected: string }> {
    return new Promise((resolve, reject) => {
      const child = fork(WORKER, [input, outDir, options.preset, String(options.timeoutMs)], {
        execArgv: WORKER_EXEC_ARGV,
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      running.add(child);
      options.onWorker?.(child);
      let ffmpegPid: number | undefined;
      let outcome: TranscodedVideo | { rejected: string } | Error | undefined;
      child.on('message', (message: WorkerMessage) => {
        if ('progress' in message) onProgress(message.progress);
        else if ('ffmpegPid' in message) ffmpegPid = message.ffmpegPid;
        else if ('result' in message) outcome = message.result;
        else if ('error' in message)
          outcome =
            message.error.kind === 'rejected'
              ? { rejected: message.error.message }
              : new RetryableError(message.error.message);
      });
      child.on('error', (error) => {
        outcome ??= new RetryableError(`The transcoding worker could not start: ${error.message}`);
      });
      child.on('exit', (code, signal) => {
        running.delete(child);
        // ffmpeg leads its own process group: a worker killed mid-run leaves it behind.
        if (ffmpegPid !== undefined)
          try {
            process.kill(-ffmpegPid, 'SIGKILL');
          } catch {
            // already gone
          }
        if (outcome instanceof Error) reject(outcome);
        else if (outcome) resolve(outcome);
        else reject(new RetryableError(`The transcoding worker stopped (${signal ?? `exit code ${code}`})`));
      });
    });
  }

  async function run(job: Job<{ videoId: string }>): Promise<void> {
    const { videoId } = job.attrs.data;
    const runId = newId();
    const started = await videos.findOneAndUpdate(
      { _id: videoId, status: { $in: ['queued', 'processing'] } },
      {
        $set: {
          status: 'processing',
          runId,
          runner,
          transcodeProgress: 0,
          startedAt: clock.now(),
          updatedAt: clock.now(),
        },
        $inc: { attempts: 1 },
      },
    );
    // Deleted, or already ready or failed: nothing to do.
    if (!started) return;
    const attempts = Number(started.attempts ?? 1);
    if (attempts > MAX_ATTEMPTS) {
      await videos.updateOne(fenced(videoId, runId), {
        $set: {
          status: 'failed',
          failureReason: GAVE_UP(String(started.lastError ?? 'unknown')),
          updatedAt: clock.now(),
        },
      });
      return;
    }

    const staging = path.join(options.stagingDir, videoId, runId);
    let progress = 0;
    let written = 0;
    const heartbeat = setInterval(
      () => void job.touch(progress).catch((error: unknown) => options.logError(error, 'video job heartbeat failed')),
      Math.max(100, Math.floor(options.lockMs / 3)),
    );
    try {
      await mkdir(staging, { recursive: true, mode: 0o700 });
      const outcome = await transcodeInChild(path.join(options.uploadDir, videoId), staging, (percent) => {
        progress = Math.max(progress, Math.floor(percent));
        if (Date.now() - written < PROGRESS_WRITE_MS && progress < 100) return;
        written = Date.now();
        void videos
          .updateOne(fenced(videoId, runId), { $set: { transcodeProgress: progress, updatedAt: clock.now() } })
          .catch((error: unknown) => options.logError(error, 'writing transcoding progress failed'));
      });
      if ('rejected' in outcome) {
        const failed = await videos.findOneAndUpdate(fenced(videoId, runId), {
          $set: { status: 'failed', failureReason: outcome.rejected, quotaBytes: 0, updatedAt: clock.now() },
        });
        if (failed) {
          await removeSource(videoId);
          if (started.quotaBytes > 0) await options.releaseQuota(started.ownerId, started.quotaBytes);
        }
        return;
      }
      await store_(videoId, runId, staging, outcome);
    } catch (error) {
      if (!(error instanceof RetryableError)) throw error;
      const last = attempts >= MAX_ATTEMPTS;
      await videos.updateOne(fenced(videoId, runId), {
        $set: {
          status: last ? 'failed' : 'queued',
          failureReason: last ? GAVE_UP(error.message) : null,
          lastError: error.message,
          updatedAt: clock.now(),
        },
      });
      if (!last) throw error;
    } finally {
      clearInterval(heartbeat);
      await rm(staging, { recursive: true, force: true });
    }
  }

  /** The run's files into blobs, then 'ready' (fenced); the source upload is removed. */
  async function store_(videoId: string, runId: string, staging: string, result: TranscodedVideo): Promise<void> {
    const files: StoredFile[] = [];
    for (const [index, file] of result.files.entries()) {
      const blob = blobIdOf(videoId, runId, index);
      await store.blobs.put(blob, await readFile(path.join(staging, file.path)), file.contentType);
      files.push({ path: file.path, blob, contentType: file.contentType, bytes: file.bytes });
    }
    const blobOf = (p: string) => files.find((f) => f.path === p)?.blob ?? null;
    const ready = await videos.findOneAndUpdate(fenced(videoId, runId), {
      $set: {
        status: 'ready',
        transcodeProgress: 100,
        durationS: result.duration,
        renditions: result.renditions.map(
          (r): StoredRendition => ({ name: r.name, width: r.width, height: r.height, playlist: r.playlist }),
        ),
        master: result.master,
        posterBlob: blobOf(result.poster.webp),
        posterJpegBlob: blobOf(result.poster.jpeg),
        files,
        failureReason: null,
        finishedAt: clock.now(),
        updatedAt: clock.now(),
      },
    });
    if (!ready) {
      // A newer run took over (this one's lock had expired): its files win.
      await Promise.all(files.map((f) => store.blobs.delete(f.blob).catch(() => {})));
      return;
    }
    await removeSource(videoId);
    // The lessons that play it get its duration and poster (a failure is logged: the video stays ready).
    await courses
      .setVideoFacts(videoId, videoFactsOf(ready, options.publicApiUrl))
      .catch((error: unknown) => options.logError(error, 'updating the lessons of a ready video failed'));
  }

  /**
   * Fair share between educators: a video's priority is minus the owner's other videos already
   * waiting or transcoding, so an educator's k-th pending video runs in the k-th round (the queue
   * takes due jobs highest priority first, then oldest: `agendaOn`). One educator's ten uploads
   * cannot hold back another's single one for more than one run.
   */
  async function priorityOf(videoId: string): Promise<number> {
    const video = await videos.findOne({ _id: videoId }, { projection: { ownerId: 1 } });
    if (!video) return 0;
    const ahead = await videos.countDocuments({
      ownerId: video.ownerId,
      status: { $in: ['queued', 'processing'] },
      _id: { $ne: videoId },
    });
    return -ahead;
  }

  /** Before Agenda first connects (it creates its claim index then): an index of the old claim order goes. */
  let prepared: Promise<unknown> | undefined;
  const prepare = () => {
    prepared ??= dropStaleClaimIndex(store, VIDEO_JOBS_COLLECTION).catch((error: unknown) => {
      prepared = undefined;
      throw error;
    });
    return prepared;
  };

  async function enqueue(videoId: string): Promise<void> {
    await prepare();
    await queue()
      .create(JOB_NAME, { videoId })
      .priority(await priorityOf(videoId))
      .unique({ 'data.videoId': videoId }, { insertOnly: true })
      .schedule(new Date())
      .save();
  }

  return {
    enqueue,

    /** Runs this process takes at a time (0: it only enqueues). */
    concurrency,

    /** Starts processing; first re-enqueues videos left queued or processing without a job (a crash between the two writes). */
    async start(): Promise<void> {
      await prepare();
      const pending = await videos.find({ status: { $in: ['queued', 'processing'] } }, { projection: { _id: 1 } });
      for (const video of pending as Pick<VideoDoc, '_id'>[]) await enqueue(video._id);
      // VIDEO_WORKERS=0: worker processes (video-worker.ts) take the jobs; this one only enqueues.
      if (concurrency > 0) await queue().start();
    },

    /**
     * Stops taking jobs; waits for the running ones up to `graceMs`, then kills their workers (the
     * runs end as retryable failures and run again at the next start). Agenda's own `drain` timeout
     * is not relied on: with `removeOnComplete` it misses the end of the last job (it checks its
     * running list before the job's removal has finished), so this waits on its own run count.
     */
    async stop(graceMs: number): Promise<void> {
      if (!agenda) return;
      const controller = new AbortController();
      const kill = setTimeout(() => {
        for (const child of running) child.kill('SIGKILL');
      }, graceMs);
      void idle().then(() => controller.abort());
      await agenda.drain({ signal: controller.signal }).catch(() => null);
      clearTimeout(kill);
    },
  };
}
export type TranscodingQueue = ReturnType<typeof transcodingQueue>;
