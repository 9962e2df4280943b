import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Store } from '../../store/index.js';
import { enrollmentsService } from '../enrollments/index.js';
import { learningService } from '../learning/index.js';
import { ledgerService } from '../ledger/index.js';
import { reviewsService } from '../reviews/index.js';
import { analyticsService } from './service.js';

/**
 * Analytics' reads and rebuild outside the API (`pnpm analytics-rebuild`, tests): the sources built
 * as compose.ts builds them, without the counters' ports (nothing here writes a source).
 */
export function standaloneAnalytics(store: Store, clock: Clock, config: Pick<Config, 'ledger' | 'mode'>) {
  const ledger = ledgerService(store, clock, { ...config.ledger, countSimulated: config.mode === 'demo' });
  const enrollments = enrollmentsService(store, clock);
  const learning = learningService(store, clock);
  const reviews = reviewsService(store, clock, learning.checkAccess);
  return analyticsService(store, clock, {
    saleEventsOfCourse: ledger.saleEventsOfCourse,
    enrollmentDatesOfCourse: enrollments.datesOfCourse,
    progressOfCourse: learning.statesOfCourse,
    ratingsOfCourses: reviews.ratingsOfCourses,
  });
}
