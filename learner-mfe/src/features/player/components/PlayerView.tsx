import {
  courseCompletion,
  type EnrolledCourse,
  hasLectureVideo,
  Link,
  orderedChapters,
  plural,
  useSearchParams,
} from '@courseport/shared-ui';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import type { ProgressData } from '../../../api/progress';
import { ArrowLeftIcon } from '../../../components/icons';
import { PageHeading } from '../../../components/PageHeading';
import { ProgressBar } from '../../../components/ProgressBar';
import type { LessonTabProps, LessonVideo } from '../../../lib/lesson';
import type { VideoControls } from '../api/youtube';
import { useAutoplayNext } from '../hooks/useAutoplayNext';
import { usePlayerActions } from '../hooks/usePlayerActions';
import { usePositionSaver } from '../hooks/usePositionSaver';
import { CourseCompletePanel } from './CourseCompletePanel';
import { CourseRating } from './CourseRating';
import { CourseResources } from './CourseResources';
import { CourseStructure } from './CourseStructure';
import { hostedLectureIds, usePreloadHostedOnIntent } from './hostedPreload';
import { LecturePlayer } from './LecturePlayer';
import { findLecture, isOpenable, neighbours } from './lectures';
import { YourReview } from './YourReview';

export interface PlayerViewProps {
  course: EnrolledCourse;
  completed: ReadonlySet<string>;
  /** The saved position: its lecture opens first, at its second. */
  position: ProgressData['position'];
  /**
   * The course's educator previewing it as a student (`?preview=1`): every lesson shows as a
   * student sees it, under a banner, and nothing is saved (no progress, position, rating, attempt).
   */
  preview?: boolean;
  /** What shows under the lesson (#35: its Q&A, notes and the course's announcements), given by the page. */
  lessonTabs?: (props: LessonTabProps) => ReactNode;
}

/** A lecture being played, and the second its video starts at. */
interface Playing {
  lectureId: string;
  startSeconds: number;
}

/**
 * An enrolled course: its structure and rating on the left, the lecture player on the right (stacked
 * on phones). It opens the lecture asked for (`?lecture=`, My Enrollments' "Continue"), else the
 * saved one; the saved lecture starts at its saved second.
 */
export function PlayerView({ course, completed, position, preview = false, lessonTabs }: PlayerViewProps) {
  const chapters = useMemo(() => orderedChapters(course), [course]);
  // A hosted lesson's player and hls.js load when the student is about to open one (a pointer or the
  // focus on its row, Watch, Previous or Next), so Watch waits only for the stream (#33), and the
  // page's first load carries none of it (#34). The lesson playing first loads them at once.
  const layoutRef = useRef<HTMLDivElement>(null);
  usePreloadHostedOnIntent(
    layoutRef,
    useMemo(() => hostedLectureIds(chapters), [chapters]),
  );
  const completion = courseCompletion(course, completed);
  const [searchParams] = useSearchParams();
  /** Where each lecture was left on this page: going back to one goes on from there. */
  const leftAt = useRef(new Map<string, number>());
  const startFor = (lectureId: string): Playing => ({
    lectureId,
    startSeconds: leftAt.current.get(lectureId) ?? (position?.lectureId === lectureId ? position.seconds : 0),
  });
  const [current, setCurrent] = useState<Playing | null>(() => {
    const opening = [searchParams.get('lecture'), position?.lectureId].find((id) => {
      const found = id ? findLecture(chapters, id) : null;
      return found !== null && isOpenable(found.lecture);
    });
    return opening ? startFor(opening) : null;
  });
  const playingId = current?.lectureId ?? null;
  const playing = playingId ? findLecture(chapters, playingId) : null;
  const playerRef = useRef<HTMLElement>(null);
  const actions = usePlayerActions(course._id);
  const stars = actions.chosenRating ?? course.myRating ?? 0;
  const savePositionNow = usePositionSaver(course._id, position);
  const savePosition: typeof savePositionNow = (...args) => {
    if (!preview) savePositionNow(...args);
  };
  const [autoplayNext, setAutoplayNext] = useAutoplayNext();
  /** The ready video's controls: the notes read its time and seek it. */
  const controls = useRef<VideoControls | null>(null);
  const video = useMemo<LessonVideo>(
    () => ({
      time: () => (controls.current ? controls.current.currentTime() : null),
      seek: (seconds) => {
        if (!controls.current) return false;
        controls.current.seekTo(seconds);
        return true;
      },
    }),
    [],
  );
  const lessonTitles = useMemo(
    () =>
      new Map(chapters.flatMap((chapter) => chapter.chapterContent.map((l) => [l.lectureId, l.lectureTitle] as const))),
    [chapters],
  );
  const { previous, next } = playingId ? neighbours(chapters, playingId) : { previous: null, next: null };

  /** The video played to its end: the lecture is complete, and the next one is where to continue. */
  const ended = (lectureId: string) => {
    leftAt.current.set(lectureId, 0);
    if (!completed.has(lectureId) && !preview) actions.markComplete(lectureId);
    savePosition(next ? next.lectureId : lectureId, 0);
    if (next && autoplayNext) setCurrent(startFor(next.lectureId));
  };

  const watch = (lectureId: string) => {
    if (lectureId !== playingId) {
      setCurrent(startFor(lectureId));
      // A lesson without a video is where to continue as soon as it is opened.
      const lesson = findLecture(chapters, lectureId);
      if (lesson && !hasLectureVideo(lesson.lecture)) savePosition(lectureId, 0);
    }
    // On phones the player sits above the structure: bring it into view if it is not.
    requestAnimationFrame(() => {
      const player = playerRef.current;
      const box = player?.getBoundingClientRect();
      if (player && box && (box.top < 0 || box.top > window.innerHeight * 0.5)) {
        player.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      }
    });
  };

  return (
    <div className="ln-player">
      {preview && (
        <p className="ln-preview-banner" role="note">
          <strong>Preview as student</strong>
          <span>You see this course as an enrolled student does. Nothing you do here is saved.</span>
        </p>
      )}
      <header className="ln-player-head">
        <Link to="/my-enrollments" className="ln-back-link">
          <ArrowLeftIcon />
          My Enrollments
        </Link>
        <PageHeading>{course.courseTitle}</PageHeading>
        <div className="ln-player-progress">
          <ProgressBar percent={completion.percent} label="Course progress" className="ln-player-progress-bar" />
          <span className="ln-muted">{`${completion.completed} of ${plural(completion.total, 'lecture')} completed`}</span>
        </div>
      </header>
      {completion.done && !preview && <CourseCompletePanel course={course} />}
      <div className="ln-player-layout" ref={layoutRef}>
        <div className={lessonTabs ? 'ln-player-main ln-player-main-tabs' : 'ln-player-main'}>
          <LecturePlayer
            ref={playerRef}
            course={course}
            playing={playing}
            done={playing ? completed.has(playing.lecture.lectureId) : false}
            marking={playing !== null && actions.markingId === playing.lecture.lectureId}
            preview={preview}
            onMarkComplete={() => {
              if (playing && !preview) actions.markComplete(playing.lecture.lectureId);
            }}
            video={{
              startSeconds: current?.startSeconds ?? 0,
              onPosition: (seconds, leaving) => {
                if (!playingId) return;
                leftAt.current.set(playingId, seconds);
                savePosition(playingId, seconds, leaving);
              },
              onEnded: () => {
                if (playingId) ended(playingId);
              },
              onControls: (ready) => {
                controls.current = ready;
              },
            }}
            navigation={{ previous, next, onSelect: watch, autoplayNext, onAutoplayNextChange: setAutoplayNext }}
          />
          {lessonTabs?.({
            courseId: course._id,
            lectureId: playingId,
            lectureTitle: playing?.lecture.lectureTitle ?? null,
            educatorId: course.educator?._id ?? null,
            lessonTitles,
            video,
            openLesson: (lectureId, seconds) => {
              if (lectureId === playingId) {
                if (seconds !== undefined) video.seek(seconds);
                return;
              }
              if (!findLecture(chapters, lectureId)) return;
              leftAt.current.set(lectureId, seconds ?? leftAt.current.get(lectureId) ?? 0);
              watch(lectureId);
            },
          })}
        </div>
        <div className="ln-player-side">
          <CourseStructure chapters={chapters} completed={completed} playingId={playingId} onWatch={watch} />
          <CourseResources courseId={course._id} chapters={chapters} />
          {!preview && (
            <>
              <CourseRating value={stars} busy={actions.rating} onRate={actions.rate} />
              <YourReview courseId={course._id} rating={stars} onDeleted={actions.clearRating} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
