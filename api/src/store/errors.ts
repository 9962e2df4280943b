/** A unique index refused a write: the caller decides which 409 message that means. */
export class ConflictError extends Error {
  override name = 'ConflictError';
  constructor(
    message = 'A record with the same unique value already exists',
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

/** The store cannot be reached right now; the request may succeed later (HTTP 503). */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
  constructor(
    message = 'The database is not reachable',
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}
