import { useEffect, useState } from 'react';
import { api } from '../api/client';
import type { PublicConfig } from '../contracts/index';

/** What every deployment charges in today; shown until (or if) `/api/config` says otherwise. */
export const DEFAULT_CURRENCY = 'Rs';
export const PUBLIC_CONFIG_PATH = '/api/config';

/**
 * The platform's currency label (`GET /api/config` → `currency`). The answer is public and cached
 * by the browser for a minute, so asking again costs next to nothing; a failure keeps the default.
 */
export function useCurrency(): string {
  const [currency, setCurrency] = useState(DEFAULT_CURRENCY);
  useEffect(() => {
    let live = true;
    api.get<PublicConfig>(PUBLIC_CONFIG_PATH, { anonymous: true }).then(
      (config) => {
        if (live && typeof config.currency === 'string' && config.currency.trim()) setCurrency(config.currency);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return currency;
}

/** 'Rs 399.20' (the one money formatter is in `@courseport/contracts`; re-exported here beside the label). */
export { money } from '@courseport/contracts';
