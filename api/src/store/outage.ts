/**
 * Reports only the first failure of each outage: while the store is down every poll or flush
 * fails, and one report says as much as a thousand. A success ends the outage, so the next failure
 * is reported again.
 */
export interface OutageReporter {
  /** A failure: reported when it is the first since the last success (or since the start). */
  failed(error: unknown): void;
  /** A success: the outage, if any, is over. */
  succeeded(): void;
}

export function reportFirstFailureOfOutage(report: (error: unknown) => void): OutageReporter {
  let failing = false;
  return {
    failed(error) {
      if (!failing) report(error);
      failing = true;
    },
    succeeded() {
      failing = false;
    },
  };
}
