/** The portal's routes (the shell mounts it at /educator/*). */
export const PATHS = {
  dashboard: '/educator',
  addCourse: '/educator/add-course',
  myCourses: '/educator/my-courses',
  editCourse: (courseId: string) => `/educator/courses/${encodeURIComponent(courseId)}/edit`,
  studentEnrolled: '/educator/student-enrolled',
  coupons: '/educator/coupons',
  profile: '/educator/profile',
  reviews: '/educator/reviews',
  submissions: '/educator/submissions',
  quizResults: '/educator/quiz-results',
  videos: '/educator/videos',
  questions: '/educator/questions',
  announcements: (courseId: string) => `/educator/courses/${encodeURIComponent(courseId)}/announcements`,
  earnings: '/educator/earnings',
  analytics: '/educator/analytics',
} as const;

/** The learner portal's player showing one of the educator's own courses as a student sees it (#32). */
export const playerPreviewPath = (courseId: string) => `/player/${encodeURIComponent(courseId)}?preview=1`;
