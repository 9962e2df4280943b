import type { Chapter, CourseDetails } from '@courseport/contracts';
import {
  chapterMinutes,
  courseCompletion,
  courseMinutes,
  courseStats,
  descriptionTeaser,
  hasLectureVideo,
  htmlToText,
  lectureCount,
  orderedChapters,
  percentText,
  playableLectures,
  previewHostedVideoId,
  previewVideoId,
  SEARCH_MAX_LENGTH,
  searchText,
} from '@courseport/contracts';
import { describe, expect, it } from 'vitest';

const lecture = (id: string, order: number, minutes: number, preview = false) => ({
  lectureId: id,
  lectureTitle: id,
  lectureDuration: minutes,
  lectureOrder: order,
  isPreviewFree: preview,
  lectureUrl: `https://youtu.be/${id}`,
});
const chapters: Chapter[] = [
  { chapterId: 'b', chapterTitle: 'B', chapterOrder: 2, chapterContent: [lecture('b1', 1, 10)] },
  {
    chapterId: 'a',
    chapterTitle: 'A',
    chapterOrder: 1,
    chapterContent: [lecture('a2', 2, 5), lecture('a1', 1, 20, true)],
  },
];
const course = { courseContent: chapters } as Pick<CourseDetails, 'courseContent'>;

describe('course stats', () => {
  it('counts lectures and minutes of a course', () => {
    expect(courseMinutes(course)).toBe(35);
    expect(lectureCount(course)).toBe(3);
    expect(courseStats(course)).toEqual({ chapters: 2, lectures: 3, minutes: 35 });
    expect(chapterMinutes(chapters[1] as Chapter)).toBe(25);
    expect(courseStats({})).toEqual({ chapters: 0, lectures: 0, minutes: 0 });
  });

  it('orders chapters and lectures without changing the course', () => {
    const ordered = orderedChapters(course);
    expect(ordered.map((c) => c.chapterId)).toEqual(['a', 'b']);
    expect(ordered[0]?.chapterContent.map((l) => l.lectureId)).toEqual(['a1', 'a2']);
    expect(chapters[0]?.chapterId).toBe('b');
  });

  it('computes completion and its percent text', () => {
    expect(courseCompletion(course, new Set(['a1']))).toMatchObject({ completed: 1, total: 3, done: false });
    expect(courseCompletion(course, new Set(['a1', 'a2', 'b1'])).done).toBe(true);
    expect(courseCompletion({}, new Set()).percent).toBe(0);
    // A lecture removed from the course since it was completed no longer counts.
    expect(courseCompletion(course, new Set(['a1', 'removed', 'gone']))).toMatchObject({ completed: 1, total: 3 });
    expect(percentText(100 / 3)).toBe('33%');
  });

  it('gives the video id of free previews only', () => {
    expect(previewVideoId(lecture('a1', 1, 1, true))).toBe('a1');
    expect(previewVideoId(lecture('a2', 1, 1))).toBeNull();
  });

  it('plays hosted videos (#33): a lesson with one has a video, the player opens it, a free one is a preview', () => {
    const hosted = (id: string, preview = false) => ({
      ...lecture(id, 1, 3, preview),
      lectureUrl: undefined,
      hostedVideoId: `vid-${id}`,
    });
    const empty = { ...lecture('e1', 2, 0), lectureUrl: undefined };
    expect(hasLectureVideo(hosted('h1'))).toBe(true);
    expect(hasLectureVideo(lecture('y1', 1, 1))).toBe(true);
    expect(hasLectureVideo(empty)).toBe(false);
    const withHosted = {
      courseContent: [{ chapterId: 'h', chapterTitle: 'H', chapterOrder: 1, chapterContent: [hosted('h1'), empty] }],
    };
    expect(playableLectures(withHosted).map((l) => l.lectureId)).toEqual(['h1']);
    expect(previewHostedVideoId(hosted('h2', true))).toBe('vid-h2');
    expect(previewHostedVideoId(hosted('h3'))).toBeNull();
    expect(previewHostedVideoId(lecture('y2', 1, 1, true))).toBeNull();
  });
});

describe('text', () => {
  it('turns HTML into text: blocks spaced, hidden elements dropped, entities decoded', () => {
    expect(
      htmlToText('<h2>Intro</h2><p>Learn &amp; build&hellip;</p><script>alert(1)</script><style>p{}</style>'),
    ).toBe('Intro Learn & build…');
    expect(htmlToText(null)).toBe('');
  });

  it('makes teasers: ellipsis when cut, or always when asked', () => {
    expect(descriptionTeaser('<p>Hello <b>world</b></p>', 5)).toBe('Hello...');
    expect(descriptionTeaser('<p>Short</p>', 200)).toBe('Short');
    expect(descriptionTeaser('<p>Short</p>', 50, { alwaysEllipsis: true })).toBe('Short...');
    expect(descriptionTeaser('😀😀😀', 2)).toBe('😀😀...');
  });
});

describe('search limit', () => {
  it('trims and cuts the search text to SEARCH_MAX_LENGTH characters', () => {
    expect(SEARCH_MAX_LENGTH).toBe(100);
    expect(searchText(`  ${'a'.repeat(150)}  `)).toHaveLength(100);
    expect(searchText('  react ')).toBe('react');
    expect(searchText(undefined)).toBe('');
  });
});

describe('the course schema (@courseport/contracts/course-schema)', () => {
  it('reads a YouTube link in its usual forms, and nothing else', async () => {
    const { youtubeVideoId, canonicalYoutubeUrl, youtubeThumbnailUrl } = await import(
      '@courseport/contracts/course-schema'
    );
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://m.youtube.com/shorts/dQw4w9WgXcQ',
      'http://youtube.com/embed/dQw4w9WgXcQ?start=3',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ])
      expect(youtubeVideoId(link), link).toBe('dQw4w9WgXcQ');
    for (const link of [
      'not a url',
      'https://youtube.com.example.net/watch?v=dQw4w9WgXcQ',
      'https://user@youtu.be/dQw4w9WgXcQ',
      'https://youtu.be/short',
      'ftp://youtu.be/dQw4w9WgXcQ',
    ])
      expect(youtubeVideoId(link), link).toBeNull();
    expect(canonicalYoutubeUrl('dQw4w9WgXcQ')).toBe('https://youtu.be/dQw4w9WgXcQ');
    expect(youtubeThumbnailUrl('dQw4w9WgXcQ')).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg');
  });

  it('refuses, never clamps: a negative price, a discount over 100, a blank lecture, -5 minutes', async () => {
    const { newCourseSchema, lectureSchema, thumbnailProblem } = await import('@courseport/contracts/course-schema');
    const messages = (result: {
      success: boolean;
      error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
    }) => result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(messages(newCourseSchema.safeParse({ courseTitle: 'T', coursePrice: -50, discount: 150 }))).toEqual([
      'coursePrice: must not be negative',
      'discount: must be at most 100',
    ]);
    expect(
      messages(lectureSchema.safeParse({ lectureTitle: ' ', lectureDuration: -5, lectureUrl: 'not a url' })),
    ).toEqual([
      'lectureTitle: is required',
      'lectureDuration: must not be negative',
      'lectureUrl: must be a YouTube video link (youtube.com/watch?v=…, youtu.be/…, youtube.com/embed/… or youtube.com/shorts/…)',
    ]);
    expect(thumbnailProblem({ type: 'text/plain', size: 10 })).toBe(
      'The thumbnail must be a JPEG, PNG, WebP, GIF or AVIF image',
    );
    expect(thumbnailProblem({ type: 'image/png', size: 6 * 1024 * 1024 })).toBe(
      'The thumbnail must be 5 MB or smaller',
    );
    expect(thumbnailProblem({ type: 'image/webp', size: 1024 })).toBeNull();
  });
});

describe('React-free', () => {
  // Entries of their own, outside the root export: the schemas (zod) and the server's sanitizer.
  const ALLOWED_DEPENDENCIES: Record<string, string[]> = {
    'course-schema': ['zod'],
    coupons: ['zod'],
    'sanitize-description': ['sanitize-html'],
  };

  it('imports nothing but its own files (but for the entries outside the root export)', async () => {
    const { existsSync, readFileSync, readdirSync } = await import('node:fs');
    const { resolve } = await import('node:path');
    // The tests run from the repository's root or from shared-ui/.
    const dir = [resolve('contracts/src'), resolve('../contracts/src')].find((d) => existsSync(d)) ?? '';
    expect(readdirSync(dir)).toContain('index.ts');
    for (const file of readdirSync(dir)) {
      const source = readFileSync(resolve(dir, file), 'utf8');
      const specifiers = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      const allowed = ALLOWED_DEPENDENCIES[file.split('.')[0] ?? ''] ?? [];
      expect(
        specifiers.filter((s) => !s?.startsWith('./') && !allowed.includes(s ?? '')),
        file,
      ).toEqual([]);
    }
    // The root (which the storefront's first load reaches) never pulls those entries.
    expect(readFileSync(resolve(dir, 'index.ts'), 'utf8')).not.toMatch(
      /from '(\.\/course-schema|\.\/coupons|\.\/sanitize-description|zod|sanitize-html)/,
    );
  });
});
