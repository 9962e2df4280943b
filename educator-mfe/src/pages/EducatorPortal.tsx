import { ScreenPlaceholder } from '@courseport/shared-ui';

export default function EducatorPortal() {
  return <ScreenPlaceholder portal="educator" title="Educator Portal" />;
}
