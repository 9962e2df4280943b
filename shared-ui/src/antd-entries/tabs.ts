// `@courseport/shared-ui/antd/tabs`: Tabs from its own chunk of the shared-ui singleton (one antd;
// `loadAntd` in load-on-demand.ts). Importing it waits for that chunk once.
import { loadAntd } from '@courseport/shared-ui';

export const { Tabs } = await loadAntd.tabs();
