import { randomBytes } from 'node:crypto';

/** Server-generated document id: 24 hex characters, like a MongoDB ObjectId, but a string. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

export const ID_PATTERN = /^[a-f0-9]{24}$/;
