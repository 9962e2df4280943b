import { defineFederatedApp } from '@courseport/shared-ui/federation';
import { defineConfig } from '@rsbuild/core';

// Port, title and exposed pages come from the platform description (@courseport/contracts/platform).
export default defineConfig(defineFederatedApp({ name: 'storefront' }));
