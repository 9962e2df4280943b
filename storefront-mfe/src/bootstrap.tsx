import { renderStandalone } from '@courseport/shared-ui';
import HomePage from './pages/HomePage';
import CourseListPage from './pages/CourseListPage';
import CourseDetailsPage from './pages/CourseDetailsPage';

// Standalone mode for the storefront team: the same pages the shell federates, on their own.
renderStandalone([
  { path: '/', element: <HomePage /> },
  { path: '/course-list', element: <CourseListPage /> },
  { path: '/course-list/:input', element: <CourseListPage /> },
  { path: '/course/:id', element: <CourseDetailsPage /> },
]);
