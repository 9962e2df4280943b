import {
  courseCompletion,
  type EnrolledCourse,
  Link,
  orderedChapters,
  percentText,
  plural,
} from '@courseport/shared-ui';
import { Progress } from '@courseport/shared-ui/heavy';
import { useMemo, useRef, useState } from 'react';
import { CourseCompletePanel } from '../../certificates/components/CourseCompletePanel';
import { ArrowLeftIcon } from '../../page/components/icons';
import { PageHeading } from '../../page/components/PageHeading';
import { usePlayerActions } from '../hooks/usePlayerActions';
import { CourseRating } from './CourseRating';
import { CourseStructure } from './CourseStructure';
import { LecturePlayer } from './LecturePlayer';
import { findLecture } from './lectures';

export interface PlayerViewProps {
  course: EnrolledCourse;
  completed: ReadonlySet<string>;
}

/** An enrolled course: its structure and rating on the left, the lecture player on the right (stacked on phones). */
export function PlayerView({ course, completed }: PlayerViewProps) {
  const chapters = useMemo(() => orderedChapters(course), [course]);
  const completion = courseCompletion(course, completed);
  const [playingId, setPlayingId] = useState<string | null>(null);
  const playing = playingId ? findLecture(chapters, playingId) : null;
  const playerRef = useRef<HTMLElement>(null);
  const actions = usePlayerActions(course._id);

  const watch = (lectureId: string) => {
    setPlayingId(lectureId);
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
      <header className="ln-player-head">
        <Link to="/my-enrollments" className="ln-back-link">
          <ArrowLeftIcon />
          My Enrollments
        </Link>
        <PageHeading>{course.courseTitle}</PageHeading>
        <div className="ln-player-progress">
          <Progress
            percent={completion.percent}
            size="small"
            format={percentText}
            aria-label="Course progress"
            className="ln-player-progress-bar"
          />
          <span className="ln-muted">{`${completion.completed} of ${plural(completion.total, 'lecture')} completed`}</span>
        </div>
      </header>
      {completion.done && <CourseCompletePanel course={course} />}
      <div className="ln-player-layout">
        <div className="ln-player-main">
          <LecturePlayer
            ref={playerRef}
            course={course}
            playing={playing}
            done={playing ? completed.has(playing.lecture.lectureId) : false}
            marking={playing !== null && actions.markingId === playing.lecture.lectureId}
            onMarkComplete={() => {
              if (playing) actions.markComplete(playing.lecture.lectureId);
            }}
          />
        </div>
        <div className="ln-player-side">
          <CourseStructure chapters={chapters} completed={completed} playingId={playingId} onWatch={watch} />
          <CourseRating
            value={actions.chosenRating ?? course.myRating ?? 0}
            busy={actions.rating}
            onRate={actions.rate}
          />
        </div>
      </div>
    </div>
  );
}
