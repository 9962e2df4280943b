import type { RateLimiterAbstract } from 'rate-limiter-flexible';

/** How often the counts made here are added to the shared ones (and theirs read back). */
export const COUNTER_FLUSH_MS = 250;
/** A key is shared once its count here reaches this part of its limit; below, it stays local. */
export const SHARE_FROM = 0.1;

interface Window {
  windowMs: number;
  /** The count the shared limiter last reported (everyone's, this process's flushed hits included). */
  known: number;
  /** Hits on their way to the shared limiter. */
  flushing: number;
  /** Hits not yet sent. */
  pending: number;
  resetAt: number;
  /** The count from which the key is shared (set by the caller's limit). */
  shareFrom: number;
  /** Whether any of this window's hits went to the shared limiter. */
  shared: boolean;
}

export interface Count {
  count: number;
  /** Milliseconds until the window ends. */
  msLeft: number;
}

/**
 * Per-key fixed-window counts for the limits on every signed-in write, decided in memory and shared
 * through a rate-limiter-flexible limiter (`StoreRateLimiter` for a shared store) by a flush every
 * `COUNTER_FLUSH_MS`. A hit therefore costs no database round trip, and all processes agree on each
 * shared count within a flush. A key is only shared once its count here reaches a tenth of its
 * limit (`SHARE_FROM`): a person's few writes a minute never reach the database at all, a script's
 * flood is shared in a handful of writes. So a caller spread over N processes can get past a limit
 * by at most a tenth of it, plus one flush interval's worth, on each. (Awaiting the store on every
 * hit is the exact alternative; it would add a round trip, or two, to every progress update.)
 */
export class BatchedCounters {
  private readonly windows = new Map<string, Window>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly shared: RateLimiterAbstract,
    private readonly options: {
      now?: () => number;
      onError?: (error: unknown) => void;
      /** After a flush in which nothing failed. */
      onFlushed?: () => void;
    } = {},
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /**
   * Adds `n` (negative to give hits back) to `key`'s window of `windowMs` and returns its count;
   * `limit` is the most the caller allows in the window (it decides when the key is shared).
   */
  add(key: string, windowMs: number, limit: number, n = 1): Count {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      // The shared count may know of a window already running elsewhere; the flush will tell.
      const shareFrom = Math.max(1, Math.floor(limit * SHARE_FROM));
      w = { windowMs, known: 0, flushing: 0, pending: 0, resetAt: now + windowMs, shareFrom, shared: false };
      this.windows.set(key, w);
    }
    w.pending += n;
    return { count: w.known + w.flushing + w.pending, msLeft: w.resetAt - now };
  }

  /** Sends the hits made here since the last flush and reads everyone's counts back. */
  flush(): Promise<void> {
    this.flushing ??= this.flushAll().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async flushAll(): Promise<void> {
    const now = this.now();
    const sends: Promise<void>[] = [];
    let failed = false;
    for (const [key, w] of this.windows) {
      const over = w.resetAt <= now;
      if (over && w.flushing === 0) {
        this.windows.delete(key);
        continue;
      }
      if (w.pending === 0 || (!w.shared && w.pending < w.shareFrom)) continue;
      w.shared = true;
      const n = w.pending;
      w.pending = 0;
      w.flushing += n;
      sends.push(
        this.shared.penalty(key, n, { customDuration: w.windowMs / 1000 }).then(
          (res) => {
            w.flushing -= n;
            w.known = res.consumedPoints;
            w.resetAt = this.now() + res.msBeforeNext;
          },
          (error: unknown) => {
            // Kept for the next flush: the store may be back by then.
            w.flushing -= n;
            w.pending += n;
            failed = true;
            this.options.onError?.(error);
          },
        ),
      );
    }
    await Promise.all(sends);
    if (!failed) this.options.onFlushed?.();
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), COUNTER_FLUSH_MS);
    this.timer.unref();
  }

  /** Stops flushing after sending what is left. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
