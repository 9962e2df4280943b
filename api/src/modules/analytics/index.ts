/**
 * Educator analytics (#36, part 5): counters of sales, refunds and enrollments per course and day
 * (`analyticsDays`), of each lesson's reach (`analyticsLessons`) and of course completions
 * (`analyticsCourses`), kept by `$inc` upserts through the ports compose.ts gives the ledger,
 * enrollments and learning (`analyticsCounters`, built before them), read by `analyticsService`
 * (above purchases and reviews: it reads courses, and the sources through `AnalyticsSources` for
 * its rebuild and the ratings). Lower modules never import it.
 */
export { type AnalyticsCounters, analyticsCounters, dayOf, progressDeltas } from './counters.js';
export { ANALYTICS_INDEXES } from './repository.js';
export { type AnalyticsServices, analyticsRoutes } from './routes.js';
export { RANGE_BACKWARDS, RANGE_TOO_LONG } from './schemas.js';
export { type AnalyticsService, type AnalyticsSources, analyticsService } from './service.js';
export { standaloneAnalytics } from './standalone.js';
