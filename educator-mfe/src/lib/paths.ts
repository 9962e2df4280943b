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
} as const;
