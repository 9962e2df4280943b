import {
  type PortalRelease,
  RELEASE_AUDIT_PAGE_SIZE,
  type ReleaseAuditEntry,
  type ReleaseAuditResponse,
  type ReleasePlan,
} from '@courseport/contracts';
import { PORTAL_NAMES, type PortalName } from '@courseport/contracts/platform';
import type { Clock } from '../../clock.js';
import { conflict, notFound } from '../../http/errors.js';
import { ConflictError, newId, type Store } from '../../store/index.js';
import { SHARED_STORE_MAX_AGE_MS, versionedCache } from '../../store/versioned-cache.js';
import { type ReleaseAuditDoc, type ReleaseDoc, releasesRepository } from './repository.js';

/** The audit's `by` for calls made with the API's RELEASE_TOKEN (the CLI in CI). */
export const RELEASE_TOKEN_CALLER = 'release token';

/** Tries of a change whose portal another change got to first, before a 409. */
const ATTEMPTS = 3;

type State = Pick<ReleaseDoc, 'live' | 'canary' | 'previous' | 'versions'>;
/** What a change makes of the current state: the new one, its audit line and the caller's message. */
type Change = { state: State; entry: Omit<ReleaseAuditDoc, 'id' | 'by' | 'at'>; message: string };
type Decide = (current: State, now: Date, by: string) => Change;

export const isPortal = (name: string): name is PortalName => (PORTAL_NAMES as string[]).includes(name);

const EMPTY: State = { live: null, canary: null, previous: [], versions: [] };
const stateOf = (doc: ReleaseDoc | null): State =>
  doc ? { live: doc.live, canary: doc.canary, previous: doc.previous ?? [], versions: doc.versions ?? [] } : EMPTY;
const iso = (date: Date) => new Date(date).toISOString();

/** `version` among the versions ever released (added newest first), marked live if it is. */
function withVersion(versions: State['versions'], version: string, now: Date, live: boolean): State['versions'] {
  const known = versions.some((v) => v.version === version);
  const all = known ? versions : [{ version, firstReleasedAt: now, wasLive: false }, ...versions];
  return live ? all.map((v) => (v.version === version ? { ...v, wasLive: true } : v)) : all;
}

/** The state with `version` live from now on, the canary stopped. */
function goLive(current: State, version: string, now: Date, by: string): State {
  const before = current.live?.version;
  return {
    live: { version, since: now, by },
    canary: null,
    previous: [...(before ? [before] : []), ...current.previous].filter(
      (v, i, all) => v !== version && all.indexOf(v) === i,
    ),
    versions: withVersion(current.versions, version, now, true),
  };
}

const alreadyLive = (portal: string, current: State, version: string) => {
  if (current.live?.version === version) throw conflict(`${portal} ${version} is already live`);
};

function toPortalRelease(portal: PortalName, doc: ReleaseDoc | null): PortalRelease {
  const { live, canary, versions } = stateOf(doc);
  return {
    portal,
    live: live && { version: live.version, since: iso(live.since), by: live.by },
    canary: canary && { version: canary.version, percent: canary.percent, since: iso(canary.since), by: canary.by },
    versions: versions.map((v) => ({
      version: v.version,
      firstReleasedAt: iso(v.firstReleasedAt),
      wasLive: v.wasLive,
    })),
  };
}

/** The release registry (#22): per portal, the live version, an optional canary, and who changed what when. */
export function releasesService(store: Store, clock: Clock) {
  const repo = releasesRepository(store);
  const plans = versionedCache<'all', Partial<Record<PortalName, ReleasePlan>>>({
    version: () => store.writeVersion('releases'),
    maxAgeMs: store.kind === 'embedded' ? Number.POSITIVE_INFINITY : SHARED_STORE_MAX_AGE_MS,
    maxEntries: 1,
  });

  /**
   * Applies a change to the portal's state as it is now, with its audit line in the same write:
   * created whole, or updated only if no other change came first (then decided again, on the new state).
   */
  async function change(portal: PortalName, by: string, decide: Decide) {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const current = await repo.findOne({ _id: portal }, { projection: { audit: 0 } });
      const now = clock.now();
      const { state, entry, message } = decide(stateOf(current), now, by);
      const audit: ReleaseAuditDoc = { id: newId(), ...entry, by, at: now };
      let saved: ReleaseDoc | null = null;
      if (!current) {
        saved = await repo.insertOne({ _id: portal, rev: 1, ...state, audit: [audit] }).catch((error: unknown) => {
          if (error instanceof ConflictError) return null;
          throw error;
        });
      } else {
        saved = await repo.findOneAndUpdate(
          { _id: portal, rev: current.rev },
          { $set: { ...state, rev: current.rev + 1 }, $push: { audit } },
        );
      }
      if (saved) return { message, release: toPortalRelease(portal, saved), entry: audit };
    }
    throw conflict(`The releases of ${portal} changed meanwhile: please reload and try again`);
  }

  return {
    /** What the shell's server serves: every portal that has a registry entry. */
    plan(): Promise<Partial<Record<PortalName, ReleasePlan>>> {
      return plans.get('all', async () => {
        const docs = await repo.find({}, { projection: { live: 1, canary: 1, previous: 1 } });
        const releases: Partial<Record<PortalName, ReleasePlan>> = {};
        for (const doc of docs) {
          if (!isPortal(doc._id)) continue;
          releases[doc._id] = {
            live: doc.live?.version ?? null,
            canary: doc.canary && { version: doc.canary.version, percent: doc.canary.percent },
            previous: doc.previous ?? [],
          };
        }
        return releases;
      });
    },

    /** Every portal, released or not, for the console. */
    async list(): Promise<PortalRelease[]> {
      const docs = await repo.find({}, { projection: { audit: 0 } });
      return PORTAL_NAMES.map((portal) => toPortalRelease(portal, docs.find((d) => d._id === portal) ?? null));
    },

    /** The audit trail, newest first, a page at a time, of one portal or all. */
    async audit(portal: PortalName | undefined, page: number): Promise<Omit<ReleaseAuditResponse, 'success'>> {
      const docs = await repo.find(portal ? { _id: portal } : {}, { projection: { audit: 1 } });
      const entries: ReleaseAuditEntry[] = docs
        .filter((doc) => isPortal(doc._id))
        .flatMap((doc) =>
          (doc.audit ?? []).map((a, index) => ({
            entry: { ...a, portal: doc._id, at: iso(a.at) },
            order: [new Date(a.at).getTime(), index] as const,
          })),
        )
        .sort((a, b) => b.order[0] - a.order[0] || b.order[1] - a.order[1])
        .map(({ entry }) => entry);
      const pages = Math.max(1, Math.ceil(entries.length / RELEASE_AUDIT_PAGE_SIZE));
      const start = (page - 1) * RELEASE_AUDIT_PAGE_SIZE;
      return { entries: entries.slice(start, start + RELEASE_AUDIT_PAGE_SIZE), page, pages };
    },

    /** Live at once (the canary stopped), or a canary of `canary` percent. */
    release(portal: PortalName, version: string, canary: number | undefined, by: string) {
      return change(portal, by, (current, now) => {
        alreadyLive(portal, current, version);
        if (canary === undefined)
          return {
            state: goLive(current, version, now, by),
            entry: { action: 'release', from: current.live?.version ?? null, to: version, percent: null },
            message: `${portal} ${version} is live`,
          };
        if (current.canary?.version === version && current.canary.percent === canary)
          throw conflict(`${portal} ${version} is already a ${canary} % canary`);
        return {
          state: {
            ...current,
            canary: { version, percent: canary, since: now, by },
            versions: withVersion(current.versions, version, now, false),
          },
          entry: { action: 'canary', from: current.canary?.version ?? null, to: version, percent: canary },
          message: `${portal} ${version} is a ${canary} % canary`,
        };
      });
    },

    promote(portal: PortalName, by: string) {
      return change(portal, by, (current, now) => {
        if (!current.canary) throw conflict('There is no canary to promote');
        const { version } = current.canary;
        return {
          state: goLive(current, version, now, by),
          entry: { action: 'promote', from: current.live?.version ?? null, to: version, percent: null },
          message: `${portal} ${version} is live`,
        };
      });
    },

    /** Back to any version released before, live at once (the canary stopped). */
    rollback(portal: PortalName, version: string, by: string) {
      return change(portal, by, (current, now) => {
        if (!current.versions.some((v) => v.version === version))
          throw notFound(`${portal} ${version} was never released`);
        alreadyLive(portal, current, version);
        return {
          state: goLive(current, version, now, by),
          entry: { action: 'rollback', from: current.live?.version ?? null, to: version, percent: null },
          message: `${portal} rolled back to ${version}`,
        };
      });
    },

    stopCanary(portal: PortalName, by: string) {
      return change(portal, by, (current) => {
        if (!current.canary) throw conflict('There is no canary to stop');
        return {
          state: { ...current, canary: null },
          entry: { action: 'stop-canary', from: current.canary.version, to: null, percent: null },
          message: `${portal}'s canary ${current.canary.version} is stopped`,
        };
      });
    },
  };
}
export type ReleasesService = ReturnType<typeof releasesService>;
