import { fetchRuntimeConfig, type PublicConfig, providePrefetched, setRuntimeConfig } from '@courseport/shared-ui';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerPortals } from './remotes/registry';
import { prefetch, publicConfig, runtimeConfig } from './startup/early';

/** Without the API the frame still renders (portals show their own errors): assume the defaults. */
const FALLBACK_CONFIG: PublicConfig = { authMode: 'local', paymentMode: 'local', currency: 'Rs' };

const early = await runtimeConfig;
const runtime = early ?? (await fetchRuntimeConfig());
setRuntimeConfig(runtime);
if (!early) registerPortals(runtime.remotes);

const started = await prefetch;
if (started) providePrefetched(...started);

const config = await publicConfig.catch(() => FALLBACK_CONFIG);

const root = document.getElementById('root');
if (root) createRoot(root).render(<App config={config} />);
