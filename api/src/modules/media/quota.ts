import { HttpError } from '../../http/errors.js';
import { ConflictError, type Store } from '../../store/index.js';

/** `uploadUsage`: the bytes of images one user has stored, by user id. */
type UsageDoc = {
  _id: string;
  bytes: number;
};

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/**
 * How many bytes of images each user may keep. Room is reserved with one conditional update
 * (`bytes ≤ limit − size`, then `$inc`), so uploads that race each other, even in two API
 * processes on one MongoDB, never take more than the quota between them; an upload that then
 * fails gives its bytes back. Images stored before the quota existed are not counted.
 */
export function uploadQuota(store: Store) {
  const usage = store.collection<UsageDoc>('uploadUsage');
  const full = (limit: number) =>
    new HttpError(
      413,
      `You have reached your upload quota of ${megabytes(limit)} MB of images. Please contact support for more room.`,
    );

  return {
    /** Refuses at once a user who has no room left at all, before their upload is read. */
    async assertRoom(userId: string, limit: number): Promise<void> {
      const used = (await usage.findOne({ _id: userId }))?.bytes ?? 0;
      if (used >= limit) throw full(limit);
    },

    /** Takes `bytes` of the user's quota, or refuses with 413 (and takes nothing) when they do not fit. */
    async reserve(userId: string, bytes: number, limit: number): Promise<void> {
      if (bytes > limit) throw full(limit);
      await usage.insertOne({ _id: userId, bytes: 0 }).catch((error: unknown) => {
        if (!(error instanceof ConflictError)) throw error;
      });
      const taken = await usage.findOneAndUpdate({ _id: userId, bytes: { $lte: limit - bytes } }, { $inc: { bytes } });
      if (!taken) throw full(limit);
    },

    /** Gives back what `reserve` took, when the upload could not be stored after all. */
    async release(userId: string, bytes: number): Promise<void> {
      await usage.updateOne({ _id: userId }, { $inc: { bytes: -bytes } });
    },
  };
}
export type UploadQuota = ReturnType<typeof uploadQuota>;
