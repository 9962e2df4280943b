// The federation runtime's core for a portal opened on its own (its index.html loads this before
// its page): the portal's browser build takes the runtime from the global the shell sets in the
// platform (`externalRuntime`, see federation.ts), so without a shell this script sets it. Built
// without Module Federation (the "federation-runtime" environment), so it needs nothing itself.
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
