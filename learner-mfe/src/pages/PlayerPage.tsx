import { ScreenPlaceholder } from '@courseport/shared-ui';

export default function PlayerPage() {
  return <ScreenPlaceholder portal="learner" title="Course Player" />;
}
