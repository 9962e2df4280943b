import { ScreenPlaceholder } from '@courseport/shared-ui';

export default function CourseListPage() {
  return <ScreenPlaceholder portal="storefront" title="Course List" />;
}
