// `@courseport/shared-ui/antd/alert`: Alert from its own chunk of the shared-ui singleton (one antd;
// `loadAntd` in load-on-demand.ts). Importing it waits for that chunk once.
import { loadAntd } from '@courseport/shared-ui';

export const { Alert } = await loadAntd.alert();
