import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import type { PublicConfig } from '../contracts/index';
import { queryKeys } from '../query/keys';

/** What every deployment charges in today; shown until (or if) `/api/config` says otherwise. */
export const DEFAULT_CURRENCY = 'Rs';
export const PUBLIC_CONFIG_PATH = '/api/config';

/** How long the public config counts as fresh: it changes with a deployment, not while a tab is open. */
export const PUBLIC_CONFIG_STALE_MS = 60 * 60_000;

/**
 * `GET /api/config` as a query (`queryKeys.config()`): fetched once for every caller, fresh for an
 * hour and never dropped from the cache. The shell puts the config it started with into the
 * cache (`queryClient.setQueryData(queryKeys.config(), config)`, and its server render into the
 * request's cache), so in the app it is not fetched at all.
 */
export const publicConfigQuery = () =>
  queryOptions({
    queryKey: queryKeys.config(),
    queryFn: () => api.get<PublicConfig>(PUBLIC_CONFIG_PATH, { anonymous: true }),
    staleTime: PUBLIC_CONFIG_STALE_MS,
    gcTime: Number.POSITIVE_INFINITY,
  });

const currencyOf = (config: PublicConfig): string =>
  typeof config.currency === 'string' && config.currency.trim() ? config.currency : DEFAULT_CURRENCY;

/**
 * The platform's currency label (`GET /api/config` → `currency`, through `publicConfigQuery`: one
 * request however many components ask); `DEFAULT_CURRENCY` until it is known, and if it fails.
 */
export function useCurrency(): string {
  return useQuery({ ...publicConfigQuery(), select: currencyOf }).data ?? DEFAULT_CURRENCY;
}

/** 'Rs 399.20' (the one money formatter is in `@courseport/contracts`; re-exported here beside the label). */
export { money } from '@courseport/contracts';
