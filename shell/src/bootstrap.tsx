import { fetchRuntimeConfig, setRuntimeConfig } from '@courseport/shared-ui';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startAuthBridge } from './auth/bridge';
import { registerPortals } from './remotes/registry';

const config = await fetchRuntimeConfig();
setRuntimeConfig(config);
registerPortals(config.remotes);
startAuthBridge();

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
