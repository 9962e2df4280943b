import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { onPath } from './binaries.js';

/**
 * Runs ffmpeg or ffprobe on untrusted input, hardened:
 * - arguments go straight to `spawn` (never through a shell with user strings in it);
 * - no stdin (`-nostdin` is the caller's; stdin is closed here too), a clean environment;
 * - a wall-clock timeout that kills the whole process group (the process is a group leader);
 * - an address-space limit (`RLIMIT_AS`) and a per-file output limit (`RLIMIT_FSIZE`, a file that
 *   grows past it stops the process with SIGXFSZ) through util-linux's `prlimit` (a `sh -c 'ulimit -v'`
 *   fallback sets the memory limit where it is missing), and no core dumps;
 * - a lower CPU priority (niceness 10 by default), so the API's requests keep the cores first;
 * - stdout bounded (ffprobe's JSON), stderr kept only as a tail for the error message.
 * The callers restrict what ffmpeg may open (`-protocol_whitelist file`, `-format_whitelist`).
 */

export interface ProcessLimits {
  /** Wall-clock limit; the process group is killed (SIGKILL) when it passes. */
  timeoutMs: number;
  /** Address space (virtual memory) of the process, in bytes. */
  memoryBytes?: number;
  /** Largest file the process may write, in bytes. */
  maxFileBytes?: number;
  /** 0–19; default 10. */
  niceness?: number;
}

export interface RunOptions extends ProcessLimits {
  /** Called with each line of stdout (e.g. `-progress pipe:1`); stdout is then not collected. */
  onStdoutLine?: (line: string) => void;
  /** Collected stdout beyond this is an error (default 4 MB). */
  maxStdoutBytes?: number;
  /** The spawned process's id (the process group's too). */
  onSpawn?: (pid: number) => void;
  signal?: AbortSignal;
}

export type VideoProcessFailure = 'timeout' | 'memory' | 'output-too-large' | 'failed' | 'aborted';

export class VideoProcessError extends Error {
  constructor(
    message: string,
    readonly kind: VideoProcessFailure,
    readonly stderrTail: string,
  ) {
    super(message);
  }
}

const STDERR_TAIL = 8 * 1024;
const DEFAULT_MAX_STDOUT = 4 * 1024 * 1024;

let prlimitPath: string | null | undefined;
function prlimit(): string | undefined {
  if (prlimitPath === undefined) prlimitPath = onPath('prlimit', process.env.PATH) ?? null;
  return prlimitPath ?? undefined;
}

/** The command that runs `binary args` under the limits (its pid is the tool's: prlimit and sh exec it). */
export function limitedCommand(binary: string, args: string[], limits: ProcessLimits): [string, string[]] {
  const { memoryBytes, maxFileBytes } = limits;
  const tool = prlimit();
  if (tool) {
    const set = ['--core=0'];
    if (memoryBytes) set.push(`--as=${Math.floor(memoryBytes)}`);
    if (maxFileBytes) set.push(`--fsize=${Math.floor(maxFileBytes)}`);
    return [tool, [...set, '--', binary, ...args]];
  }
  if (memoryBytes) {
    // The script is a constant; the limit, binary and arguments are positional parameters.
    const kib = String(Math.floor(memoryBytes / 1024));
    return ['/bin/sh', ['-c', 'ulimit -c 0; ulimit -v "$1" && shift && exec "$@"', 'sh', kib, binary, ...args]];
  }
  return [binary, args];
}

export function runVideoTool(
  binary: string,
  args: string[],
  options: RunOptions,
): Promise<{ stdout: string; stderr: string }> {
  const { timeoutMs, onStdoutLine, onSpawn, signal, niceness = 10 } = options;
  const maxStdout = options.maxStdoutBytes ?? DEFAULT_MAX_STDOUT;
  const [command, commandArgs] = limitedCommand(binary, args, options);
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Two malloc arenas: glibc's default (8 per core, 64 MB of address space each) would spend the
      // address-space limit on reservations, not on memory used.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', MALLOC_ARENA_MAX: '2' },
      windowsHide: true,
    });
    let failure: VideoProcessFailure | undefined;
    let failureMessage = '';
    const killGroup = (kind: VideoProcessFailure, message: string) => {
      if (failure) return;
      failure = kind;
      failureMessage = message;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    if (child.pid) {
      try {
        setPriority(child.pid, niceness);
      } catch {
        // Not permitted here: the limits still hold.
      }
      onSpawn?.(child.pid);
    }
    const timer = setTimeout(
      () =>
        killGroup(
          'timeout',
          `${binaryName(binary)} took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`,
        ),
      timeoutMs,
    );
    const onAbort = () => killGroup('aborted', `${binaryName(binary)} was stopped`);
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) onAbort();

    const out: Buffer[] = [];
    let outBytes = 0;
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (onStdoutLine) {
        const lines = (partial + chunk.toString('utf8')).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) onStdoutLine(line.trim());
        return;
      }
      outBytes += chunk.length;
      if (outBytes > maxStdout) killGroup('output-too-large', `${binaryName(binary)} wrote more output than allowed`);
      else out.push(chunk);
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      reject(new VideoProcessError(`${binaryName(binary)} could not be started: ${error.message}`, 'failed', ''));
    });
    child.on('close', (code, exitSignal) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (onStdoutLine && partial.trim()) onStdoutLine(partial.trim());
      // Whatever the tool left running in its group (it forks nothing today) goes with it.
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
      if (failure) return reject(new VideoProcessError(failureMessage, failure, stderr));
      if (code === 0) return resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr });
      if (exitSignal === 'SIGXFSZ' || /File too large/i.test(stderr))
        return reject(
          new VideoProcessError(`${binaryName(binary)} wrote a file larger than allowed`, 'output-too-large', stderr),
        );
      if (
        /allocate memory|malloc of size|failed to map segment|out of memory|ENOMEM|bad_alloc|Resource temporarily unavailable|Error while opening encoder/i.test(
          stderr,
        ) ||
        exitSignal === 'SIGSEGV' ||
        exitSignal === 'SIGABRT'
      )
        return reject(new VideoProcessError(`${binaryName(binary)} ran out of memory`, 'memory', stderr));
      reject(
        new VideoProcessError(
          `${binaryName(binary)} failed (${exitSignal ?? `exit code ${code}`}): ${lastLine(stderr)}`,
          'failed',
          stderr,
        ),
      );
    });
  });
}

function binaryName(binary: string): string {
  return /ffprobe/i.test(binary) ? 'ffprobe' : 'ffmpeg';
}

function lastLine(text: string): string {
  const lines = text.trim().split('\n');
  return (lines[lines.length - 1] ?? '').slice(0, 300);
}
