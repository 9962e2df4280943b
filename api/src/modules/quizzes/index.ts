/**
 * Quizzes (#32; the `quizzes` and `quizAttempts` collections): each quiz lesson's definition with
 * its answer key (never in the course doc, never sent to a student before they submit), graded
 * attempts with an attempts limit that holds under races, and the educator's statistics. Calls
 * courses and learning (a passed attempt completes its lesson); the educator module saves and
 * removes a course's quizzes through here.
 */
export { type Grade, gradeQuiz, isCorrect } from './grade.js';
export { QUIZ_INDEXES } from './repository.js';
export { type QuizServices, quizRoutes } from './routes.js';
export {
  assignQuizIds,
  LESSON_NOT_FOUND,
  NO_ATTEMPTS_LEFT,
  NOT_A_QUIZ,
  NOT_YOUR_COURSE,
  QUIZ_CHANGED,
  QUIZ_NOT_FOUND,
  type QuizDefinitionInput,
  type QuizzesService,
  quizSummary,
  quizzesService,
  studentQuestions,
} from './service.js';
