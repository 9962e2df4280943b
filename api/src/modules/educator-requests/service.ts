import type { EducatorRequest, MyEducatorRequest } from '@courseport/contracts';
import type { Clock } from '../../clock.js';
import { conflict, notFound } from '../../http/errors.js';
import type { Store } from '../../store/index.js';
import { ConflictError, newId } from '../../store/index.js';
import type { Notify } from '../notifications/index.js';
import { type UserRecords, userRecords } from '../users/index.js';
import { type EducatorRequestDoc, type EducatorRequestsRepository, educatorRequestsRepository } from './repository.js';

const toPublic = (doc: EducatorRequestDoc): EducatorRequest => ({
  _id: doc._id,
  userId: { _id: doc.userId, name: doc.name, imageUrl: doc.imageUrl },
  name: doc.name,
  email: doc.email,
  requestedAt: doc.requestedAt.toISOString(),
  status: doc.status,
  ...(doc.reason ? { reason: doc.reason } : {}),
});

/** Becoming an educator: a user asks, an admin approves (granting the role) or rejects. */
export function educatorRequestsService(
  repo: EducatorRequestsRepository,
  users: Pick<UserRecords, 'byId' | 'grantRole'>,
  clock: Clock,
  /** #35: tells the user their request was approved (a logged failure never undoes it). */
  notify?: Notify,
) {
  async function decide(requestId: string, update: Partial<EducatorRequestDoc>) {
    const decided = await repo.findOneAndUpdate(
      { _id: requestId, status: 'pending' },
      { $set: { ...update, decidedAt: clock.now() }, $unset: { pendingFor: true } },
    );
    if (decided) return decided;
    if (await repo.findOne({ _id: requestId })) throw conflict('This request has already been reviewed');
    throw notFound('Request not found');
  }

  return {
    async submit(userId: string) {
      const user = await users.byId(userId);
      if (!user) throw notFound('User not found');
      if (user.roles.includes('educator')) throw conflict('You are already an educator');
      try {
        await repo.insertOne({
          _id: newId(),
          userId,
          name: user.name,
          email: user.email,
          imageUrl: user.imageUrl,
          requestedAt: clock.now(),
          status: 'pending',
          pendingFor: userId,
        });
      } catch (error) {
        if (error instanceof ConflictError) throw conflict('You already have a pending educator request');
        throw error;
      }
    },

    /** The user's latest request, as they may see it (with the reason of a rejection). */
    async latestOf(userId: string): Promise<MyEducatorRequest | null> {
      const [latest] = await repo.find({ userId }, { sort: { requestedAt: -1 }, limit: 1 });
      if (!latest) return null;
      return {
        status: latest.status,
        requestedAt: latest.requestedAt.toISOString(),
        ...(latest.decidedAt ? { decidedAt: latest.decidedAt.toISOString() } : {}),
        ...(latest.reason ? { reason: latest.reason } : {}),
      };
    },

    async list(): Promise<EducatorRequest[]> {
      return (await repo.find({}, { sort: { requestedAt: -1 } })).map(toPublic);
    },

    async approve(requestId: string): Promise<void> {
      const request = await decide(requestId, { status: 'approved' });
      try {
        await users.grantRole(request.userId, 'educator', clock.now());
      } catch (error) {
        // Granting failed: leave the request pending so the approval can simply be repeated.
        await repo.updateOne(
          { _id: requestId },
          { $set: { status: 'pending', pendingFor: request.userId }, $unset: { decidedAt: true } },
        );
        throw error;
      }
      await notify?.(request.userId, 'educator-approved', {
        title: 'Your educator request was approved',
        text: 'You can now create courses in the educator portal.',
        link: '/educator',
      });
    },

    async reject(requestId: string, reason: string): Promise<void> {
      await decide(requestId, { status: 'rejected', ...(reason ? { reason } : {}) });
    },
  };
}
export type EducatorRequestsService = ReturnType<typeof educatorRequestsService>;

/** The service over the store's `educatorRequests` collection (which only this module opens). */
export const educatorRequestsOf = (store: Store, clock: Clock, notify?: Notify) =>
  educatorRequestsService(educatorRequestsRepository(store), userRecords(store), clock, notify);
