import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ApiProcess, startApiProcess } from './api-process';
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy';

/** The MongoDB driver the API uses (e2e does not depend on it): only to drop a finished test's database. */
const requireFromApi = createRequire(path.resolve(import.meta.dirname, '../../api/package.json'));
const { MongoClient } = requireFromApi('mongodb') as {
  MongoClient: new (
    uri: string,
    options: object,
  ) => { db(): { dropDatabase(): Promise<unknown> }; close(): Promise<void> };
};

/**
 * Why the MongoDB-only suites cannot run here, or undefined when they can. On CI a missing
 * MONGODB_URI is an error unless `.ci/run` said why (MONGO_SKIP_REASON).
 */
export function mongoSkipReason(suite: string): string | undefined {
  if (process.env.MONGODB_URI) return undefined;
  const reason = process.env.MONGO_SKIP_REASON ?? 'MONGODB_URI is not set';
  if (process.env.CI && !process.env.MONGO_SKIP_REASON) {
    throw new Error(`${reason}: CI must run the ${suite} suite (.ci/run starts FerretDB).`);
  }
  return reason;
}

/** `MONGODB_URI` with a database name of its own, so that runs and tests never share data. */
export function freshDatabaseUri(prefix: string): string {
  const uri = new URL(process.env.MONGODB_URI as string);
  uri.pathname = `/${prefix}_${randomBytes(5).toString('hex')}`;
  return uri.toString();
}

export interface Replicas {
  /** The round-robin proxy in front of them: the public API URL. */
  proxy: RoundRobinProxy;
  replicas: ApiProcess[];
  databaseUri: string;
  stop(): Promise<void>;
}

/**
 * `count` API processes (the production build, as `pnpm start` runs it, demo data seeded) on one
 * fresh database, started at the same time as a deployment's replicas are, behind a round-robin
 * proxy whose URL is every replica's `PUBLIC_API_URL`.
 */
export async function startReplicas(count: number, env: Record<string, string> = {}): Promise<Replicas> {
  const databaseUri = freshDatabaseUri('scaleout');
  const proxy = await startRoundRobinProxy();
  // Each its own (empty) data directory, as replicas on separate machines have: they share only the database.
  const dataDirs = await Promise.all(
    Array.from({ length: count }, () => mkdtemp(path.join(tmpdir(), 'courseport-replica-'))),
  );
  const started = await Promise.allSettled(
    dataDirs.map((dataDir) =>
      startApiProcess({
        MONGODB_URI: databaseUri,
        DATA_DIR: dataDir,
        DEMO_SEED: 'true',
        TRUST_PROXY: '1',
        PUBLIC_API_URL: proxy.url,
        ...env,
      }),
    ),
  );
  const replicas = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stop = async () => {
    // A replica a test killed has exited already (`stop` waits for an exit only a live one can make).
    const alive = replicas.filter((r) => r.child.exitCode === null && r.child.signalCode === null);
    await Promise.all(alive.map((r) => r.stop()));
    await proxy.close();
    const client = new MongoClient(databaseUri, { serverSelectionTimeoutMS: 5000 });
    await client
      .db()
      .dropDatabase()
      .catch(() => {});
    await client.close();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  };
  const failed = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
  for (const replica of replicas) {
    const health = await fetch(`${replica.url}/api/health`).catch((error: unknown) => String(error));
    if (typeof health === 'string' || !health.ok) failed.push(`${replica.url} is not ready: ${String(health)}`);
  }
  if (failed.length > 0) {
    await stop();
    throw new Error(`${failed.length} of ${count} replicas did not start on one database: ${failed.join('; ')}`);
  }
  proxy.setTargets(replicas.map((r) => r.url));
  return { proxy, replicas, databaseUri, stop };
}
