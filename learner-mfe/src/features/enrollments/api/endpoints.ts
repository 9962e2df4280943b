/** The API calls of the learner portal. */
export const ENROLLED_COURSES_PATH = '/api/user/enrolled-courses';
export const COURSE_PROGRESS_PATH = '/api/user/get-course-progress';
export const UPDATE_PROGRESS_PATH = '/api/user/update-course-progress';
export const ADD_RATING_PATH = '/api/user/add-rating';
export const VERIFY_PAYMENT_PATH = '/api/user/verify-payment';
export const PURCHASES_PATH = '/api/user/purchases';
