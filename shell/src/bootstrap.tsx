import {
  hydrate,
  type PublicConfig,
  queryClient,
  queryKeys,
  signedInWithProfile,
  takeOverSession,
} from '@courseport/shared-ui';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { firstPage, publicConfig, serverState } from './features/startup/api/early';

/** Without the API the frame still renders (portals show their own errors): assume the defaults. */
const FALLBACK_CONFIG: PublicConfig = { authMode: 'local', paymentMode: 'local', currency: 'Rs', mode: 'production' };
const FIRST_PAGE_WAIT_MS = 1_000;

const config = await publicConfig.then(
  (answer) => {
    // The one config query of the app (useCurrency…) starts with it: not fetched again.
    queryClient.setQueryData(queryKeys.config(), answer);
    return answer;
  },
  () => FALLBACK_CONFIG,
);

// First paint with the page itself rather than a loading state, unless the portal is slow. A page
// the server rendered is on screen already: it is taken over once its page has loaded, never
// earlier (React would throw the server's markup away).
await (serverState
  ? firstPage
  : Promise.race([firstPage, new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]));

const root = document.getElementById('root');
// When the app starts rendering (hydrating a server-rendered page): a user timing for RUM and the bench.
performance.mark('courseport:app-start');
if (root && serverState) {
  // The server rendered this page: the same data, the same first render, and React takes the
  // markup over (the page is loaded by now: firstPage waits for it, as the server did). A signed-in
  // page starts as the user it was rendered for (before the cache: a new identity clears the user's queries).
  const { session } = serverState;
  if (session) takeOverSession(signedInWithProfile(session.identity, session.user));
  hydrate(queryClient, serverState.queries);
  hydrateRoot(root, <App config={config} />);
} else if (root) createRoot(root).render(<App config={config} />);
