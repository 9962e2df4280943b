import type { LessonKind } from '@courseport/contracts';
import type { CourseLessonReach } from '@courseport/contracts/analytics';
import { EmptyState, plural, QueryStates, useQuery, useQueryState } from '@courseport/shared-ui';
import { useMemo } from 'react';
import { lessonReachQuery } from '../api/analytics';
import type { ChartSpec } from '../chart-spec';
import { downloadCsv } from '../csv';
import { ChartPanel } from './ChartPanel';

const KIND: Record<LessonKind, string> = { video: 'Video', article: 'Article', quiz: 'Quiz', project: 'Project' };

function Reach({ reach }: { reach: CourseLessonReach }) {
  const { lessons } = reach;
  const spec = useMemo<ChartSpec>(
    () => ({
      labels: lessons.map((l) => String(l.order)),
      series: [
        { label: 'Left here', values: lessons.map((l) => l.leftHere), color: '--cp-color-warning', kind: 'bars' },
        { label: 'Started', values: lessons.map((l) => l.started), color: '--cp-color-primary', kind: 'line' },
        { label: 'Finished', values: lessons.map((l) => l.finished), color: '--cp-color-success', kind: 'line' },
      ],
      formatLeft: (value) => (Number.isInteger(value) ? String(value) : ''),
    }),
    [lessons],
  );
  const worst = lessons.reduce<(typeof lessons)[number] | undefined>(
    (most, l) => (l.leftHere > (most?.leftHere ?? 0) ? l : most),
    undefined,
  );
  const summary =
    `${plural(reach.enrolled, 'student')} enrolled in ${reach.courseTitle}, ${reach.completed} completed it. ` +
    (worst
      ? `Most students stopped at lesson ${worst.order}, ${worst.title} (${worst.leftHere} left there).`
      : 'No student has stopped part way.');
  return (
    <ChartPanel
      title={`Lesson reach: ${reach.courseTitle}`}
      summary={summary}
      spec={spec}
      initiallyOpen
      legend={[
        { label: 'Started', color: '--cp-color-primary', kind: 'line' },
        { label: 'Finished', color: '--cp-color-success', kind: 'line' },
        { label: 'Left here (stopped at this lesson)', color: '--cp-color-warning', kind: 'bars' },
      ]}
      columns={[
        { label: '#', numeric: true },
        { label: 'Lesson' },
        { label: 'Chapter' },
        { label: 'Started', numeric: true },
        { label: 'Finished', numeric: true },
        { label: 'Left here', numeric: true },
      ]}
      rows={lessons.map((l) => ({
        key: l.lectureId,
        cells: [
          String(l.order),
          `${l.title} (${KIND[l.kind] ?? l.kind})`,
          l.chapterTitle,
          String(l.started),
          String(l.finished),
          String(l.leftHere),
        ],
      }))}
      onDownload={() =>
        downloadCsv(
          `courseport-analytics-lessons-${reach.courseId}.csv`,
          ['Order', 'Lesson', 'Kind', 'Chapter', 'Started', 'Finished', 'Left here'],
          lessons.map((l) => [l.order, l.title, l.kind, l.chapterTitle, l.started, l.finished, l.leftHere]),
        )
      }
    />
  );
}

/** Each lesson of one course in course order: how many started it, finished it, and stopped there. */
export function LessonReach({ courseId }: { courseId: string | null }) {
  if (!courseId) {
    return (
      <p className="ed-an-none" role="status">
        Choose a course above to see how far its students get: each lesson's reach and where they stop.
      </p>
    );
  }
  return <CourseReach courseId={courseId} />;
}

function CourseReach({ courseId }: { courseId: string }) {
  const { state, retry } = useQueryState(useQuery(lessonReachQuery(courseId)), {
    fallback: "Could not load the lessons' reach",
    toast: 'background',
  });
  return (
    <QueryStates
      state={state}
      loadingText="Loading each lesson's reach..."
      errorTitle="Error Loading Lesson Reach"
      onRetry={retry}
      isEmpty={(reach) => reach.lessons.length === 0}
      empty={
        <EmptyState title="No lessons yet" description="This course has no lessons: add some to see their reach." />
      }
    >
      {(reach) => <Reach reach={reach} />}
    </QueryStates>
  );
}
