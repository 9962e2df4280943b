import { apiRequest, fetchRuntimeConfig, type PublicConfig, setRuntimeConfig } from '@courseport/shared-ui';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerPortals } from './remotes/registry';

/** Without the API the frame still renders (portals show their own errors): assume the defaults. */
const FALLBACK_CONFIG: PublicConfig = { authMode: 'local', paymentMode: 'local', currency: 'Rs' };

const runtime = await fetchRuntimeConfig();
setRuntimeConfig(runtime);
registerPortals(runtime.remotes);
const config = await apiRequest<PublicConfig>('/api/config', { anonymous: true }).catch(() => FALLBACK_CONFIG);

const root = document.getElementById('root');
if (root) createRoot(root).render(<App config={config} />);
