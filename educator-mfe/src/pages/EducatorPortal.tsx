import { Navigate, Route, Routes } from '@courseport/shared-ui';
import { Themed } from '@courseport/shared-ui/antd/themed';
import { EducatorLayout } from '../features/layout/components/EducatorLayout';
import { PATHS } from '../lib/paths';
import AddCoursePage from './AddCoursePage';
import CouponsPage from './CouponsPage';
import DashboardPage from './DashboardPage';
import EditCoursePage from './EditCoursePage';
import MyCoursesPage from './MyCoursesPage';
import ProfilePage from './ProfilePage';
import QuizResultsPage from './QuizResultsPage';
import ReviewsPage from './ReviewsPage';
import StudentsEnrolledPage from './StudentsEnrolledPage';
import SubmissionsPage from './SubmissionsPage';
import VideosPage from './VideosPage';

export { loadPageData } from './portal-data';

/**
 * The whole educator portal, mounted by the shell at `/educator/*` (behind its educator guard):
 * the layout and every sub-route, relative to that mount point.
 */
function Portal() {
  return (
    <Routes>
      <Route element={<EducatorLayout />}>
        <Route index element={<DashboardPage />} />
        <Route path="add-course" element={<AddCoursePage />} />
        <Route path="my-courses" element={<MyCoursesPage />} />
        <Route path="videos" element={<VideosPage />} />
        <Route path="courses/:id/edit" element={<EditCoursePage />} />
        <Route path="student-enrolled" element={<StudentsEnrolledPage />} />
        <Route path="coupons" element={<CouponsPage />} />
        <Route path="reviews" element={<ReviewsPage />} />
        <Route path="submissions" element={<SubmissionsPage />} />
        <Route path="quiz-results" element={<QuizResultsPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="*" element={<Navigate to={PATHS.dashboard} replace />} />
      </Route>
    </Routes>
  );
}

/** Rendered in the platform's antd theme (its components load on demand). */
export default function EducatorPortal() {
  return (
    <Themed>
      <Portal />
    </Themed>
  );
}
