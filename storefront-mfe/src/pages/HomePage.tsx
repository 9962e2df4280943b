import { ScreenPlaceholder } from '@courseport/shared-ui';

export default function HomePage() {
  return <ScreenPlaceholder portal="storefront" title="Home" />;
}
