import { ScreenPlaceholder } from '@courseport/shared-ui';

export default function MyEnrollmentsPage() {
  return <ScreenPlaceholder portal="learner" title="My Enrollments" />;
}
