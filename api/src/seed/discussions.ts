import type { AuthContext } from '../auth/verify.js';
import type { Clock } from '../clock.js';
import type { CourseDoc } from '../modules/courses/index.js';
import { discussionsService, quietDiscussionEvents } from '../modules/discussions/index.js';
import type { LearningService } from '../modules/learning/index.js';
import { notesService } from '../modules/notes/index.js';
import type { Store } from '../store/index.js';

/** A caller as the services take one, for the seed (no session: it writes as these people). */
const as = (userId: string): AuthContext => ({
  userId,
  sessionId: undefined,
  email: undefined,
  emailVerified: true,
  name: undefined,
});

/**
 * #35's demo: questions and answers on the first lessons of the demo student's first course (one
 * answered by the instructor and accepted, one answered by a classmate, one still open) and the
 * student's own notes with video times, so `pnpm start` shows a lived-in Q&A tab and notes list.
 */
export async function addDemoDiscussions(
  store: Store,
  clock: Clock,
  learning: LearningService,
  { course, student }: { course: CourseDoc; student: string },
): Promise<void> {
  const discussions = discussionsService(store, clock, {
    checkEnrolled: learning.checkAccess,
    isAdmin: async () => false,
    events: quietDiscussionEvents,
    logError: () => {},
  });
  const notes = notesService(store, clock, learning.checkAccess);
  const lessons = course.courseContent.flatMap((chapter) => chapter.chapterContent).map((l) => l.lectureId);
  const first = lessons[0];
  if (!first) return;
  const second = lessons[1] ?? first;
  const classmates = course.enrolledStudents.filter((id) => id !== student);
  const [classmate, another = classmate] = classmates;
  const educator = course.educator._id;

  const setup = await discussions.ask(as(student), course._id, {
    lectureId: first,
    title: 'Which JDK version should I install?',
    body: '<p>The lesson mentions Java 21, but my laptop already has Java 17. Do I need to upgrade for this course?</p>',
  });
  if (classmate)
    await discussions.answer(as(classmate), setup._id, {
      body: '<p>I kept Java 17 for the first chapters and it worked fine.</p>',
    });
  const fromInstructor = await discussions.answer(as(educator), setup._id, {
    body: '<p>Please install <strong>Java 21</strong>: the later chapters use records and pattern matching for <code>switch</code>, which need it. You can keep 17 side by side.</p>',
  });
  await discussions.accept(as(student), setup._id, fromInstructor._id);
  if (classmate) await discussions.voteQuestion(as(classmate), setup._id, true);
  if (another) await discussions.voteAnswer(as(another), fromInstructor._id, true);

  if (classmate) {
    const loops = await discussions.ask(as(classmate), course._id, {
      lectureId: second,
      title: 'Why does my for loop print one number too many?',
      body: '<p>I wrote <code>for (int i = 0; i &lt;= 10; i++)</code> and get eleven lines.</p>',
    });
    await discussions.answer(as(student), loops._id, {
      body: '<p>Use <code>i &lt; 10</code>: starting at 0, <code>&lt;=</code> runs one extra time.</p>',
    });
    await discussions.voteQuestion(as(student), loops._id, true);
  }
  if (another)
    await discussions.ask(as(another), course._id, {
      lectureId: first,
      title: 'Is IntelliJ Community enough for the course?',
      body: '<p>Or do I need the Ultimate edition?</p>',
    });

  await notes.create(student, course._id, { lectureId: first, text: 'Install Java 21 next to 17.', videoSeconds: 42 });
  await notes.create(student, course._id, {
    lectureId: first,
    text: 'javac compiles, java runs.\nThe class name must match the file name.',
    videoSeconds: 95,
  });
  await notes.create(student, course._id, { lectureId: second, text: 'Off-by-one: < versus <=' });
}
