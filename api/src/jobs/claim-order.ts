/**
 * Due jobs are taken highest priority first, then oldest first (Agenda's default is the other way
 * round, which makes priority only a tie-break between jobs due at the same millisecond). The
 * transcoding queue's fair share between educators rests on it (docs/video-job-queue.md §8).
 */
export const CLAIM_ORDER = { priority: -1, nextRunAt: 1 } as const;
