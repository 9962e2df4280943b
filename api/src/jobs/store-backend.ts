import type {
  AgendaBackend,
  JobId,
  JobParameters,
  JobRepository,
  JobRepositoryOptions,
  JobsOverview,
  JobsQueryOptions,
  JobsResult,
  RemoveJobsOptions,
} from 'agenda';
import { type Collection, type Doc, type Filter, newId, type Store } from '../store/index.js';
import { CLAIM_ORDER } from './claim-order.js';

/**
 * Agenda's storage (its `AgendaBackend` / `JobRepository`, agenda 6) over our `Store`, for the
 * embedded store, which no job library supports (docs/video-job-queue.md §3.4). Agenda keeps the
 * scheduling loop, locks, lock expiry, concurrency and backoff; this only reads and writes its job
 * documents. The claim is find-then-conditional-update: correct on NeDB because the API process is
 * the only writer and the embedded store serializes writes. `lockedAt` is always stored (null when
 * unlocked) so `{ lockedAt: null }` means one thing.
 *
 * `clearLocksAtConnect`: on the embedded store only the API process can hold a lock, so every lock
 * found at start is stale (a kill -9): cleared, so the interrupted job runs at once.
 */

type JobDoc = Doc & Record<string, unknown>;

const NULLABLE = [
  'lockedAt',
  'lastFinishedAt',
  'failedAt',
  'failCount',
  'failReason',
  'lastRunAt',
  'repeatInterval',
  'repeatAt',
  'repeatTimezone',
  'disabled',
  'progress',
] as const;

const toJob = (doc: JobDoc): JobParameters => doc as unknown as JobParameters;

function removeFilter(options: RemoveJobsOptions): Filter | null {
  const filter: Filter = {};
  if (options.id !== undefined) filter._id = String(options.id);
  else if (options.ids) filter._id = { $in: options.ids.map(String) };
  if (options.name) filter.name = options.name;
  else if (options.names) filter.name = { $in: options.names };
  else if (options.notNames) filter.name = { $nin: options.notNames };
  if (options.data !== undefined) {
    if (options.data !== null && typeof options.data === 'object' && !Array.isArray(options.data))
      for (const [key, value] of Object.entries(options.data)) filter[`data.${key}`] = value;
    else filter.data = options.data;
  }
  return Object.keys(filter).length > 0 ? filter : null;
}

export class StoreJobRepository implements JobRepository {
  private readonly jobs: Collection<JobDoc>;

  constructor(
    store: Store,
    collection: string,
    private readonly clearLocksAtConnect: boolean,
  ) {
    this.jobs = store.collection<JobDoc>(collection);
  }

  async connect(): Promise<void> {
    if (this.clearLocksAtConnect) await this.jobs.updateMany({ lockedAt: { $ne: null } }, { $set: { lockedAt: null } });
  }

  async queryJobs(options: JobsQueryOptions = {}): Promise<JobsResult> {
    const filter: Filter = {};
    if (options.name) filter.name = options.name;
    if (options.id) filter._id = String(options.id);
    const all = await this.jobs.find(filter, { sort: { nextRunAt: -1 } });
    const skip = options.skip ?? 0;
    const jobs = all.slice(skip, options.limit ? skip + options.limit : undefined);
    return { jobs: jobs.map((doc) => ({ ...toJob(doc), state: 'scheduled' })), total: all.length } as JobsResult;
  }

  async getJobsOverview(): Promise<JobsOverview[]> {
    return [];
  }

  async getDistinctJobNames(): Promise<string[]> {
    return [...new Set((await this.jobs.find({}, { projection: { name: 1 } })).map((doc) => String(doc.name)))];
  }

  async getJobById(id: string): Promise<JobParameters | null> {
    const doc = await this.jobs.findOne({ _id: id });
    return doc ? toJob(doc) : null;
  }

  async getQueueSize(): Promise<number> {
    return this.jobs.countDocuments({ nextRunAt: { $lt: new Date() } });
  }

  async removeJobs(options: RemoveJobsOptions): Promise<number> {
    const filter = removeFilter(options);
    return filter ? this.jobs.deleteMany(filter) : 0;
  }

  async saveJob<DATA = unknown>(
    job: JobParameters<DATA>,
    options: JobRepositoryOptions | undefined,
  ): Promise<JobParameters<DATA>> {
    const { _id, unique, uniqueOpts, ...props } = job as JobParameters<DATA> & Record<string, unknown>;
    const fields: Record<string, unknown> = { ...props, lastModifiedBy: options?.lastModifiedBy ?? null };
    for (const key of NULLABLE) fields[key] = (props as Record<string, unknown>)[key] ?? null;
    delete fields.unique;
    delete fields.uniqueOpts;
    if (_id) {
      const updated = await this.jobs.findOneAndUpdate({ _id: String(_id), name: props.name }, { $set: fields });
      return (updated ? toJob(updated) : job) as JobParameters<DATA>;
    }
    if (unique) {
      const filter: Filter = { name: props.name };
      for (const [key, value] of Object.entries(unique as Record<string, unknown>)) filter[key] = value;
      const existing = await this.jobs.findOne(filter);
      if (existing) {
        if ((uniqueOpts as { insertOnly?: boolean } | undefined)?.insertOnly)
          return toJob(existing) as JobParameters<DATA>;
        const updated = await this.jobs.findOneAndUpdate({ _id: existing._id }, { $set: fields });
        return toJob(updated ?? existing) as JobParameters<DATA>;
      }
    }
    const inserted = await this.jobs.insertOne({ _id: newId(), ...fields } as JobDoc);
    return toJob(inserted) as JobParameters<DATA>;
  }

  async saveJobState(job: JobParameters, options: JobRepositoryOptions | undefined): Promise<void> {
    if (!job._id) throw new Error('Cannot save job state without job ID');
    const date = (value: unknown) => (value ? new Date(value as Date) : null);
    const result = await this.jobs.updateOne(
      { _id: String(job._id), name: job.name },
      {
        $set: {
          lockedAt: date(job.lockedAt),
          nextRunAt: date(job.nextRunAt),
          lastRunAt: date(job.lastRunAt),
          progress: job.progress ?? null,
          failReason: job.failReason ?? null,
          failCount: job.failCount ?? null,
          failedAt: date(job.failedAt),
          lastFinishedAt: date(job.lastFinishedAt),
          lastModifiedBy: options?.lastModifiedBy ?? null,
        },
      },
    );
    if (result.matched !== 1) throw new Error(`job ${String(job._id)} (name: ${job.name}) cannot be updated`);
  }

  async lockJob(job: JobParameters, options: JobRepositoryOptions | undefined): Promise<JobParameters | undefined> {
    if (!job._id) return undefined;
    const locked = await this.jobs.findOneAndUpdate(
      { _id: String(job._id), name: job.name, lockedAt: null, nextRunAt: job.nextRunAt, disabled: { $ne: true } },
      { $set: { lockedAt: new Date(), lastModifiedBy: options?.lastModifiedBy ?? null } },
    );
    return locked ? toJob(locked) : undefined;
  }

  async unlockJob(job: JobParameters): Promise<void> {
    if (!job._id) return;
    await this.jobs.updateOne({ _id: String(job._id), nextRunAt: { $ne: null } }, { $set: { lockedAt: null } });
  }

  async unlockJobs(jobIds: (JobId | string)[]): Promise<void> {
    if (jobIds.length === 0) return;
    await this.jobs.updateMany({ _id: { $in: jobIds.map(String) } }, { $set: { lockedAt: null } });
  }

  async getNextJobToRun(
    jobName: string,
    nextScanAt: Date,
    lockDeadline: Date,
    now: Date | undefined,
    options: JobRepositoryOptions | undefined,
  ): Promise<JobParameters | undefined> {
    const due: Filter = {
      name: jobName,
      disabled: { $ne: true },
      // `$ne: null` is needed: NeDB's `$lte` matches null (an unlocked job not yet due would be taken).
      $or: [{ lockedAt: null, nextRunAt: { $lte: nextScanAt } }, { lockedAt: { $ne: null, $lte: lockDeadline } }],
    };
    // Find the first due job, then lock it only if nobody changed its lock meanwhile.
    for (let attempt = 0; attempt < 5; attempt++) {
      const [first] = await this.jobs.find(due, { sort: { ...CLAIM_ORDER }, limit: 1 });
      if (!first) return undefined;
      const locked = await this.jobs.findOneAndUpdate(
        { _id: first._id, lockedAt: first.lockedAt ?? null },
        { $set: { lockedAt: now ?? new Date(), lastModifiedBy: options?.lastModifiedBy ?? null } },
      );
      if (locked) return toJob(locked);
    }
    return undefined;
  }

  async disableJobs(options: RemoveJobsOptions): Promise<number> {
    const filter = removeFilter(options);
    return filter ? (await this.jobs.updateMany(filter, { $set: { disabled: true } })).modified : 0;
  }

  async enableJobs(options: RemoveJobsOptions): Promise<number> {
    const filter = removeFilter(options);
    return filter ? (await this.jobs.updateMany(filter, { $set: { disabled: false } })).modified : 0;
  }

  async purgeAllJobs(): Promise<number> {
    return this.jobs.deleteMany({});
  }
}

/** Agenda's backend on our Store (the embedded store's queue). */
export class StoreBackend implements AgendaBackend {
  readonly name = 'courseport-store';
  readonly repository: StoreJobRepository;
  readonly ownsConnection = false;

  constructor(store: Store, collection: string, options: { clearLocksAtConnect: boolean }) {
    this.repository = new StoreJobRepository(store, collection, options.clearLocksAtConnect);
  }

  async connect(): Promise<void> {
    await this.repository.connect();
  }

  async disconnect(): Promise<void> {}
}
