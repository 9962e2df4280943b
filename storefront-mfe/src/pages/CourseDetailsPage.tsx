import { ScreenPlaceholder } from '@courseport/shared-ui';

export default function CourseDetailsPage() {
  return <ScreenPlaceholder portal="storefront" title="Course Details" />;
}
