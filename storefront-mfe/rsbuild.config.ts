import { defineFederatedApp } from '@courseport/shared-ui/federation';
import { defineConfig } from '@rsbuild/core';

// Port, title and exposed pages come from the platform description (@courseport/contracts/platform),
// and whether it also publishes a server (Node) build of its entry, for the shell's server render.
export default defineConfig(defineFederatedApp({ name: 'storefront' }));
