import type { PublicConfig } from '@courseport/shared-ui';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { firstPage, publicConfig } from './features/startup/api/early';

/** Without the API the frame still renders (portals show their own errors): assume the defaults. */
const FALLBACK_CONFIG: PublicConfig = { authMode: 'local', paymentMode: 'local', currency: 'Rs', mode: 'production' };
const FIRST_PAGE_WAIT_MS = 1_000;

const config = await publicConfig.catch(() => FALLBACK_CONFIG);

// First paint with the page itself rather than a loading state, unless the portal is slow.
await Promise.race([firstPage, new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]);

const root = document.getElementById('root');
if (root) createRoot(root).render(<App config={config} />);
