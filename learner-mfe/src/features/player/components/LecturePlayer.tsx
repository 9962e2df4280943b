import { Button, CourseImage, type EnrolledCourse, lessonKindOf } from '@courseport/shared-ui';
import { forwardRef } from 'react';
import { CheckIcon } from '../../../components/icons';
import { ArticleLesson } from './ArticleLesson';
import { LectureNavigation, type LectureNavigationProps } from './LectureNavigation';
import { LectureVideo, type LectureVideoProps } from './LectureVideo';
import { LessonResources } from './LessonResources';
import type { LecturePosition } from './lectures';
import { ProjectLesson } from './ProjectLesson';
import { QuizLesson } from './QuizLesson';

/**
 * `.ln-player-thumb` (player.css) in the player's column: from 992px 7/12 of the 1200px container
 * (48px padding, 40px gap), below that the whole container (5vw padding).
 */
const THUMB_SIZES = '(min-width: 1200px) 621px, (min-width: 992px) calc(58.3vw - 79px), 90vw';

export interface LecturePlayerProps {
  course: EnrolledCourse;
  /** The lecture being watched; null shows the course thumbnail. */
  playing: LecturePosition | null;
  done: boolean;
  marking: boolean;
  onMarkComplete: () => void;
  /** Where the video starts, how its position is kept and what its end does. */
  video: Pick<LectureVideoProps, 'startSeconds' | 'onPosition' | 'onEnded' | 'onControls'>;
  navigation: LectureNavigationProps;
  /** The educator previewing as a student: nothing is saved (no 'Mark Complete', no attempt, no submission). */
  preview?: boolean;
}

/** How a quiz or project lesson completes (the student cannot mark it complete). */
const GATED_NOTE = {
  quiz: 'This lesson is completed when you pass the quiz.',
  project: 'This lesson is completed when your project is accepted.',
} as const;

/**
 * The chosen lesson with its number, title and 'Mark Complete' (videos and articles; a quiz or a
 * project says how it completes): a video, an article, a quiz or a project, the lesson's
 * resources, then Previous/Next and the autoplay switch; the course thumbnail before a lesson is chosen.
 */
export const LecturePlayer = forwardRef<HTMLElement, LecturePlayerProps>(function LecturePlayer(
  { course, playing, done, marking, onMarkComplete, video, navigation, preview = false },
  ref,
) {
  if (!playing) {
    return (
      <section ref={ref} className="ln-player-media" aria-label="Lecture player">
        {/* Above the fold on every screen, the page's largest image: loaded first. */}
        <CourseImage className="ln-player-thumb" course={course} sizes={THUMB_SIZES} priority />
        <p className="ln-player-hint">Choose a lecture and press Watch to start learning.</p>
      </section>
    );
  }

  const { lecture, number, videoId } = playing;
  const kind = lessonKindOf(lecture);
  const gated = kind === 'quiz' || kind === 'project';
  return (
    <section ref={ref} className="ln-player-media" aria-label="Lecture player">
      {kind === 'video' && (
        <LectureVideo
          key={lecture.lectureId}
          videoId={videoId}
          hosted={
            lecture.hostedVideoId
              ? {
                  videoId: lecture.hostedVideoId,
                  courseId: course._id,
                  lectureId: lecture.lectureId,
                  posterUrl: lecture.posterUrl,
                }
              : undefined
          }
          title={lecture.lectureTitle}
          {...video}
        />
      )}
      <div className="ln-now">
        <p className="ln-now-title">
          <span className="ln-now-number">{number}</span>
          <span>{lecture.lectureTitle}</span>
        </p>
        {gated || preview ? (
          done && (
            <span className="ln-now-done">
              <CheckIcon className="ln-lecture-icon-done" />
              Completed
            </span>
          )
        ) : (
          <Button
            className="ln-mark"
            type="primary"
            icon={done ? <CheckIcon /> : undefined}
            disabled={done}
            loading={marking}
            aria-label={`${done ? 'Completed' : 'Mark Complete'}: ${lecture.lectureTitle}`}
            onClick={onMarkComplete}
          >
            {done ? 'Completed' : 'Mark Complete'}
          </Button>
        )}
      </div>
      {gated && !done && <p className="ln-muted ln-gated-note">{GATED_NOTE[kind]}</p>}
      {preview && !gated && <p className="ln-muted ln-gated-note">Preview as student: progress is not saved.</p>}
      {kind === 'article' && <ArticleLesson key={lecture.lectureId} lecture={lecture} />}
      {kind === 'quiz' && (
        <QuizLesson key={lecture.lectureId} courseId={course._id} lecture={lecture} preview={preview} />
      )}
      {kind === 'project' && (
        <ProjectLesson key={lecture.lectureId} courseId={course._id} lecture={lecture} preview={preview} />
      )}
      <LessonResources courseId={course._id} resources={lecture.resources ?? []} />
      <LectureNavigation {...navigation} />
    </section>
  );
});
