/** The portal's routes (the shell mounts it at /educator/*). */
export const PATHS = {
  dashboard: '/educator',
  addCourse: '/educator/add-course',
  myCourses: '/educator/my-courses',
  studentEnrolled: '/educator/student-enrolled',
  coupons: '/educator/coupons',
} as const;
