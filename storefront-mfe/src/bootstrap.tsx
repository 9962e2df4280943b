import { renderStandalone } from '@courseport/shared-ui';
import CourseDetailsPage from './pages/CourseDetailsPage';
import CourseListPage from './pages/CourseListPage';
import HomePage from './pages/HomePage';

// Standalone mode for the storefront team: the same pages the shell federates, on their own.
renderStandalone([
  { path: '/', element: <HomePage /> },
  { path: '/course-list', element: <CourseListPage /> },
  { path: '/course-list/:input', element: <CourseListPage /> },
  { path: '/course/:id', element: <CourseDetailsPage /> },
]);
