// `@courseport/shared-ui/antd/progress`: Progress from its own chunk of the shared-ui singleton (one antd;
// `loadAntd` in load-on-demand.ts). Importing it waits for that chunk once.
import { loadAntd } from '@courseport/shared-ui';

export const { Progress } = await loadAntd.progress();
